// Which Python runs the server: the setting, else the Python extension's environment, else
// python3 on PATH, each verified (it runs, it is Python >= 3.10) before it is used.
// No `vscode` import, so unit tests run under plain Node.

import { execFile, type ExecFileException } from "node:child_process";

export const MIN_PYTHON: readonly [number, number] = [3, 10];

export interface Interpreter {
  /** Command line that starts it, e.g. ["/usr/bin/python3"] or ["conda", "run", "python"]. */
  command: string[];
  /** Where it came from, in words for messages. */
  source: string;
}

export interface VerifiedInterpreter extends Interpreter {
  executable: string;
  version: string;
}

export interface Rejection extends Interpreter {
  reason: string;
}

export type Resolution =
  | { ok: true; interpreter: VerifiedInterpreter; rejected: Rejection[] }
  | { ok: false; rejected: Rejection[] };

/** "python3 from PATH: not found" */
export function describeRejection(r: Rejection): string {
  return `${r.command.join(" ")} from ${r.source}: ${r.reason}`;
}

export const SETTING_SOURCE = "the torchlint.interpreter setting";
export const PYTHON_EXTENSION_SOURCE = "the Python extension";
export const PATH_SOURCE = "PATH";

/**
 * The interpreters to try, in order. An interpreter set by the user is the only candidate:
 * falling back from it would hide their mistake.
 */
export function candidates(
  setting: readonly string[],
  fromPythonExtension: readonly string[] | undefined,
  pathNames: readonly string[] = process.platform === "win32" ? ["python"] : ["python3", "python"],
): Interpreter[] {
  if (setting.length > 0) return [{ command: [...setting], source: SETTING_SOURCE }];
  const found: Interpreter[] = [];
  if (fromPythonExtension && fromPythonExtension.length > 0) {
    found.push({ command: [...fromPythonExtension], source: PYTHON_EXTENSION_SOURCE });
  }
  for (const name of pathNames) found.push({ command: [name], source: PATH_SOURCE });
  return found;
}

export type Check = (command: readonly string[]) => Promise<CheckResult>;
export type CheckResult =
  | { ok: true; executable: string; version: [number, number, number] }
  | { ok: false; reason: string };

/** The first candidate that passes `check`, and why each one before it did not. */
export async function resolveInterpreter(
  tried: readonly Interpreter[],
  check: Check = checkInterpreter,
): Promise<Resolution> {
  const rejected: Rejection[] = [];
  for (const candidate of tried) {
    const result = await check(candidate.command);
    if (result.ok) {
      const interpreter = {
        ...candidate,
        executable: result.executable,
        version: result.version.join("."),
      };
      return { ok: true, interpreter, rejected };
    }
    rejected.push({ ...candidate, reason: result.reason });
  }
  return { ok: false, rejected };
}

// Prints one JSON line; it must run on any Python, however old, to report its version.
const PROBE_SCRIPT =
  "import json, sys; print(json.dumps({'executable': sys.executable, 'version': list(sys.version_info[:3])}))";

/** Runs the interpreter once and checks its version. Never throws. */
export function checkInterpreter(command: readonly string[], timeoutMs = 20000): Promise<CheckResult> {
  const [program, ...args] = command;
  if (program === undefined) return Promise.resolve({ ok: false, reason: "empty command" });
  return new Promise((resolve) => {
    execFile(
      program,
      [...args, "-c", PROBE_SCRIPT],
      { timeout: timeoutMs, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          resolve({ ok: false, reason: describeFailure(error, stderr, timeoutMs) });
          return;
        }
        resolve(parseProbeOutput(stdout));
      },
    );
  });
}

function describeFailure(error: ExecFileException, stderr: string, timeoutMs: number): string {
  if (error.code === "ENOENT") return "not found";
  if (error.code === "EACCES") return "not executable";
  if (error.killed) return `did not answer within ${timeoutMs / 1000} s`;
  const lastLine = stderr.trim().split("\n").pop()?.trim();
  return `failed (exit code ${String(error.code ?? "?")})${lastLine ? `: ${lastLine}` : ""}`;
}

/** Wrappers such as `conda run` may print banners: the last JSON line is the answer. */
export function parseProbeOutput(stdout: string): CheckResult {
  for (const line of stdout.trim().split("\n").reverse()) {
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      continue;
    }
    const { executable, version } = (data ?? {}) as { executable?: unknown; version?: unknown };
    if (typeof executable !== "string" || !isVersion(version)) continue;
    if (compareVersions(version, MIN_PYTHON) < 0) {
      return {
        ok: false,
        reason: `is Python ${version.join(".")}; torchlint needs ${MIN_PYTHON.join(".")} or newer`,
      };
    }
    return { ok: true, executable, version };
  }
  return { ok: false, reason: "does not look like Python (no version in its output)" };
}

function isVersion(v: unknown): v is [number, number, number] {
  return Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n));
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The one message a user sees when no interpreter is usable: what failed, what to do. */
export function noInterpreterMessage(rejected: readonly Rejection[]): string {
  const fromSetting = rejected.length === 1 && rejected[0]?.source === SETTING_SOURCE;
  if (fromSetting) {
    const [{ command, reason }] = rejected as [Rejection];
    return (
      `torchlint could not start: the Python in the torchlint.interpreter setting ` +
      `(${command.join(" ")}) is not usable: ${reason}. Fix or clear the setting.`
    );
  }
  return (
    `torchlint could not start: it needs Python ${MIN_PYTHON.join(".")} or newer and found none ` +
    `(${rejected.map(describeRejection).join("; ")}). Install it, then choose it with ` +
    `"Python: Select Interpreter" or the torchlint.interpreter setting.`
  );
}

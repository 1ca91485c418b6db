import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, describe, it } from "node:test";
import {
  candidates,
  checkInterpreter,
  describeRejection,
  noInterpreterMessage,
  parseProbeOutput,
  PATH_SOURCE,
  PYTHON_EXTENSION_SOURCE,
  resolveInterpreter,
  SETTING_SOURCE,
  type Check,
} from "../src/interpreter";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "torchlint interp-"));
after(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A fake "python": a shell script with the given body. */
function fakePython(name: string, body: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe("candidates", () => {
  it("uses only the setting when it is set: no silent fallback from the user's choice", () => {
    assert.deepEqual(candidates(["/my/python", "-X", "utf8"], ["/ext/python"]), [
      { command: ["/my/python", "-X", "utf8"], source: SETTING_SOURCE },
    ]);
  });

  it("otherwise the Python extension's interpreter, then PATH", () => {
    assert.deepEqual(candidates([], ["/ext/python"], ["python3"]), [
      { command: ["/ext/python"], source: PYTHON_EXTENSION_SOURCE },
      { command: ["python3"], source: PATH_SOURCE },
    ]);
    assert.deepEqual(candidates([], undefined, ["python3", "python"]), [
      { command: ["python3"], source: PATH_SOURCE },
      { command: ["python"], source: PATH_SOURCE },
    ]);
  });
});

describe("resolveInterpreter", () => {
  const check: Check = (command) =>
    Promise.resolve(
      command[0] === "good"
        ? { ok: true, executable: "/usr/bin/good", version: [3, 12, 1] }
        : { ok: false, reason: "is Python 3.8.10; torchlint needs 3.10 or newer" },
    );

  it("takes the first usable candidate and says why the others were passed over", async () => {
    const tried = candidates([], ["old"], ["good"]);
    const result = await resolveInterpreter(tried, check);
    assert.ok(result.ok);
    assert.equal(result.interpreter.executable, "/usr/bin/good");
    assert.equal(result.interpreter.version, "3.12.1");
    assert.equal(result.interpreter.source, PATH_SOURCE);
    assert.deepEqual(result.rejected.map(describeRejection), [
      "old from the Python extension: is Python 3.8.10; torchlint needs 3.10 or newer",
    ]);
  });

  it("fails with every reason when nothing is usable", async () => {
    const result = await resolveInterpreter(candidates([], undefined, ["old", "older"]), check);
    assert.equal(result.ok, false);
    assert.equal(result.rejected.length, 2);
  });
});

describe("checkInterpreter (runs real processes)", () => {
  it("accepts the python3 on PATH (3.10 or newer on this machine)", async () => {
    const result = await checkInterpreter(["python3"]);
    assert.ok(result.ok, JSON.stringify(result));
    assert.ok(path.isAbsolute(result.executable));
  });

  it("passes the interpreter's own arguments before the check", async () => {
    const result = await checkInterpreter(["python3", "-X", "utf8"]);
    assert.ok(result.ok, JSON.stringify(result));
  });

  it("reports a missing interpreter as not found", async () => {
    assert.deepEqual(await checkInterpreter([path.join(tmp, "nope", "python")]), {
      ok: false,
      reason: "not found",
    });
  });

  it("rejects a Python that is too old, naming its version", async () => {
    const old = fakePython("old", `echo '{"executable": "/old/python", "version": [3, 8, 10]}'`);
    assert.deepEqual(await checkInterpreter([old]), {
      ok: false,
      reason: "is Python 3.8.10; torchlint needs 3.10 or newer",
    });
  });

  it("reports a failing interpreter with the last line of its stderr", async () => {
    const broken = fakePython("broken", "echo 'Traceback ...' >&2; echo 'ImportError: no site' >&2; exit 3");
    const result = await checkInterpreter([broken]);
    assert.deepEqual(result, { ok: false, reason: "failed (exit code 3): ImportError: no site" });
  });

  it("gives up on an interpreter that hangs", async () => {
    const hangs = fakePython("hangs", "exec sleep 10");
    const result = await checkInterpreter([hangs], 300);
    assert.deepEqual(result, { ok: false, reason: "did not answer within 0.3 s" });
  });

  it("rejects a program that is not Python", async () => {
    const result = await checkInterpreter([fakePython("echo", 'echo "$@"')]);
    assert.deepEqual(result, { ok: false, reason: "does not look like Python (no version in its output)" });
  });
});

describe("parseProbeOutput", () => {
  it("skips banners that wrappers such as conda run print", () => {
    const out = 'Activating env...\n{"executable": "/c/python", "version": [3, 11, 4]}\n';
    assert.deepEqual(parseProbeOutput(out), { ok: true, executable: "/c/python", version: [3, 11, 4] });
  });
});

describe("noInterpreterMessage", () => {
  it("for the setting: names the interpreter, why it failed, and what to do", () => {
    const message = noInterpreterMessage([
      { command: ["/x/python"], source: SETTING_SOURCE, reason: "not found" },
    ]);
    assert.equal(
      message,
      "torchlint could not start: the Python in the torchlint.interpreter setting (/x/python) " +
        "is not usable: not found. Fix or clear the setting.",
    );
  });

  it("otherwise: every interpreter tried, and how to choose one", () => {
    const message = noInterpreterMessage([
      { command: ["python3"], source: PATH_SOURCE, reason: "is Python 3.8.10; torchlint needs 3.10 or newer" },
      { command: ["python"], source: PATH_SOURCE, reason: "not found" },
    ]);
    assert.match(message, /needs Python 3\.10 or newer and found none \(python3 from PATH: is Python 3\.8\.10; .*; python from PATH: not found\)/);
    assert.match(message, /"Python: Select Interpreter" or the torchlint\.interpreter setting/);
  });
});

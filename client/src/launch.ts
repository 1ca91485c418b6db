// How the server process is started. No `vscode` import.

import * as path from "node:path";

/** The launcher shipped in the extension: puts bundled/libs first on sys.path, then serves. */
export function launcherPath(extensionRoot: string): string {
  return path.join(extensionRoot, "client", "python", "launch.py");
}

/** Program and arguments: the interpreter's own command line, then the launcher. */
export function serverCommand(
  interpreter: readonly string[],
  extensionRoot: string,
): { command: string; args: string[] } {
  const [command, ...args] = interpreter;
  if (command === undefined) throw new Error("serverCommand: empty interpreter command");
  return { command, args: [...args, launcherPath(extensionRoot)] };
}

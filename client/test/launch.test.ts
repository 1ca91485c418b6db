import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, describe, it } from "node:test";
import { launcherPath, serverCommand } from "../src/launch";
import { REPO_ROOT } from "./manifest";

describe("serverCommand", () => {
  it("runs the launcher with the interpreter's own arguments first", () => {
    const { command, args } = serverCommand(["/py/bin/python", "-X", "utf8"], "/ext");
    assert.equal(command, "/py/bin/python");
    assert.deepEqual(args, ["-X", "utf8", path.join("/ext", "client", "python", "launch.py")]);
  });
});

describe("launch.py (runs python3)", () => {
  // A stand-in extension: the real launcher plus a bundled/libs holding a fake torchlint.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "torchlint ext-"));
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });
  fs.mkdirSync(path.dirname(launcherPath(root)), { recursive: true });
  fs.copyFileSync(launcherPath(REPO_ROOT), launcherPath(root));
  const pkg = path.join(root, "bundled", "libs", "torchlint");
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, "__init__.py"), "");
  fs.writeFileSync(
    path.join(pkg, "cli.py"),
    "import json, sys\ndef main(argv):\n    print(json.dumps({'argv': argv, 'path0': sys.path[0]}))\n    return 7\n",
  );

  it("puts bundled/libs first on sys.path and serves", () => {
    let output = "";
    try {
      execFileSync("python3", [launcherPath(root)], { encoding: "utf8" });
    } catch (error) {
      const failure = error as { status: number; stdout: string };
      assert.equal(failure.status, 7, "the launcher returns the server's exit status");
      output = failure.stdout;
    }
    assert.deepEqual(JSON.parse(output), { argv: ["serve"], path0: path.join(root, "bundled", "libs") });
  });
});

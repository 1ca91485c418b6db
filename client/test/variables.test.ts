import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandVariables } from "../src/variables";

describe("expandVariables", () => {
  const ctx = { workspaceFolder: "/ws", userHome: "/home/u", env: { VENV: "/venvs/a" } };

  it("expands the variables users write in path settings", () => {
    assert.equal(expandVariables("${workspaceFolder}/.venv/bin/python", ctx), "/ws/.venv/bin/python");
    assert.equal(expandVariables("${userHome}/py", ctx), "/home/u/py");
    assert.equal(expandVariables("~/py", ctx), "/home/u/py");
    assert.equal(expandVariables("${env:VENV}/bin/python", ctx), "/venvs/a/bin/python");
  });

  it("leaves everything else as written", () => {
    assert.equal(expandVariables("/a~b/${unknown}", ctx), "/a~b/${unknown}");
    assert.equal(expandVariables("~user/py", ctx), "~user/py");
    assert.equal(expandVariables("${env:MISSING}x", ctx), "x");
    assert.equal(
      expandVariables("${workspaceFolder}/py", { ...ctx, workspaceFolder: undefined }),
      "${workspaceFolder}/py",
    );
  });
});

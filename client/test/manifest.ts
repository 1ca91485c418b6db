// The extension's package.json, read from disk as the tests run (not bundled into them).

import * as fs from "node:fs";
import * as path from "node:path";

// Tests are bundled to out/test/, two levels below the repository root.
export const REPO_ROOT = path.resolve(__dirname, "..", "..");

export function readManifest(): unknown {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
}

export function contributedSettings(): Record<string, { default?: unknown }> {
  const manifest = readManifest() as {
    contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
  };
  return manifest.contributes.configuration.properties;
}

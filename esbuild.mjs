// Bundles the extension into dist/extension.js (`vscode` is provided by the editor).
// `--tests` bundles the unit tests into out/test/ and `--e2e` the VS Code e2e driver into
// out/e2e/: plain Node 20 runs them, and it cannot execute TypeScript itself.
import * as esbuild from "esbuild";

const common = { bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "warning" };

if (process.argv.includes("--tests")) {
  await esbuild.build({
    ...common,
    entryPoints: ["client/test/*.test.ts"],
    outdir: "out/test",
    sourcemap: "inline",
  });
} else if (process.argv.includes("--e2e")) {
  await esbuild.build({
    ...common,
    entryPoints: ["tests/e2e/vscode_e2e.ts"],
    outdir: "out/e2e",
    external: ["playwright-core"],
  });
} else {
  await esbuild.build({
    ...common,
    entryPoints: ["client/src/extension.ts"],
    outfile: "dist/extension.js",
    external: ["vscode"],
    minify: true,
  });
}

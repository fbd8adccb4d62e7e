#!/usr/bin/env node
// The standard modules Pyodide's own bootstrap imports (loadPyodide's finalizeBootstrap), in
// the order they finish: static/boot.mjs imports them one a task before that bootstrap runs
// (RUNTIME_IMPORTS), so the start form answers keys meanwhile (issue 46).
//
//   node scripts/runtime_order.mjs [ROOT]          prints the list, as boot.mjs holds it
//   node scripts/runtime_order.mjs --check [ROOT]  exits 1 when boot.mjs holds another
//
// Runs Pyodide (package.json's) under Node on the page's trimmed standard library
// (ROOT/static/build/pyc/python_stdlib.zip, `make setup`), with a finder that notes each
// module as its code finishes, put in place before the bootstrap. Pyodide's own modules
// (pyodide.*, _pyodide.*, _pyodide_core) are left out: they need what the bootstrap sets
// up (its JavaScript modules, its core's state). A list out of date is no fault (a name missing is imported by the bootstrap, a
// name too many is imported earlier than needed): only the tasks grow.

import { readFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const RECORD = `
import sys

class _Finished:
    def __init__(self):
        self.done = []

    def find_spec(self, name, path, target=None):
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader, done = spec.loader, self.done

        class Loader:
            def __getattr__(self, attribute):
                return getattr(loader, attribute)

            def create_module(self, spec):
                return loader.create_module(spec)

            def exec_module(self, module):
                loader.exec_module(module)
                done.append(name)

        spec.loader = Loader()
        return spec

sys.meta_path.insert(0, _Finished())
`;

export async function record(root) {
  const stdLibURL = path.join(root, "static", "build", "pyc", "python_stdlib.zip");
  const runtime = (await import("pyodide/pyodide.asm.mjs")).default;
  const pyodide = await loadPyodide({ stdLibURL, createPyodideModule: async (settings) => {
    const made = await runtime(settings);
    const [failed, message] = made.API.rawRun(RECORD);
    if (failed) throw new Error(message);
    return made;
  } });
  const names = pyodide.runPython(`
import sys
finder = next(f for f in sys.meta_path if type(f).__name__ == "_Finished")
sys.meta_path.remove(finder)
"\\n".join(finder.done)`).split("\n");
  return names.filter((name) => name && !/^_?pyodide/.test(name));
}

// The list in static/boot.mjs (const RUNTIME_IMPORTS = [...];).
export async function held(root) {
  const text = await readFile(path.join(root, "static", "boot.mjs"), "utf8");
  const found = /const RUNTIME_IMPORTS = (\[[^\]]*\]);/.exec(text);
  if (!found) throw new Error("static/boot.mjs holds no RUNTIME_IMPORTS");
  return JSON.parse(found[1].replace(/,\s*\]$/, "]"));
}

function lines(names) {
  const out = [];
  let line = "";
  for (const name of names.map((n) => JSON.stringify(n))) {
    if (line && line.length + name.length + 2 > 90) {
      out.push(line.trimEnd());
      line = "";
    }
    line += `${name}, `;
  }
  if (line) out.push(line.trimEnd());
  return `const RUNTIME_IMPORTS = [\n  ${out.join("\n  ")}\n];`;
}

async function main(argv) {
  const check = argv.includes("--check");
  const rest = argv.filter((a) => a !== "--check");
  const root = rest[0] ?? path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const names = await record(root);
  if (!check) {
    console.log(lines(names));
    return 0;
  }
  const kept = await held(root);
  if (JSON.stringify(kept) === JSON.stringify(names)) return 0;
  console.log("static/boot.mjs RUNTIME_IMPORTS is out of date: node scripts/runtime_order.mjs");
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

#!/usr/bin/env node
// Compiles the page's two Python archives to bytecode, so the browser does not compile
// them at every first visit:
//
//   node scripts/compile_pyc.mjs [ROOT]
//
// Reads ROOT/static/build/engine.zip (scripts/build_engine.py) and
// ROOT/static/build/python_stdlib.zip (scripts/trim_stdlib.py), the sources, and writes
// ROOT/static/build/pyc/ with the same two names, each .py replaced by its .pyc, plus
// sources.json (the SHA-256 of each source archive it was made from). Only Pyodide's own
// Python can write its bytecode (another version's magic number is refused), so this runs
// it in Node, as scripts/make_snapshot.mjs does.
//
// Measured (Chromium, first visit, 20 Mbit/s): Python's start-up compiles every standard
// module it imports (asyncio, the pyodide package...) from source, and the engine's import
// compiles some hundred modules: together 1-3 s of the first visit on a busy 2-core
// machine, against 0.4 MB more bytes. The bytecode is what the page imports:
// - unchecked hash-based .pyc (PEP 552): the archive holds no source to compare with;
// - without column tables (PYTHONNODEBUGRANGES: a third smaller), so a traceback names the
//   file and line but draws no ^^^ under the expression;
// - compiled with the file name the module has in the page (/lib/python3XX.zip/... and
//   /home/pyodide/engine.zip/...), as a traceback names it;
// - without docstrings (the page never reads one; as `python -OO` leaves them out, but
//   keeping assert statements): the engine's archive is an eighth smaller on the wire, the
//   standard library's a fifth (measured), and the code objects in memory smaller. A class's
//   docstring becomes " " rather than none, because dataclasses computes a signature with
//   inspect for a class without one, at import.
// Left as source (SOURCE_ONLY): files whose bytecode is bigger on the wire than their text
// and which the page does not import at start: PyScript's pyscript.web, .media, .fs. (The
// entity table of the html package, imported by PyScript's package before main.py, was
// left as source too, 17 KB deflated against 36 KB as bytecode: compiling it was a task
// of ~0.4 s at 4x CPU while the early start form shows, issue 46.)
// The engine's archive is stored, not deflated file by file: the site sends it gzipped
// whole (scripts/build_site.py), which shares what its files have in common (840 kB on the
// wire against 1.02 MB). The standard library stays deflated: Pyodide fetches it itself.
// The archives are deterministic (sorted names, fixed timestamps) and written only when
// their bytes change; scripts/build_site.py serves them while sources.json still matches
// the source archives (an engine file edited under `make serve` is served as source).

import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

// Pyodide's working directory, where static/boot.mjs writes engine.zip.
const HOME = "/home/pyodide";
const ARCHIVES = ["engine.zip", "python_stdlib.zip"];

// Bumped when what is compiled from the same sources changes (sources.json records it).
const RECIPE = "no-docstrings-3, engine stored";

const COMPILE = `
import ast
import importlib._bootstrap_external as external
import importlib.util
import sys
import zipfile

DEFINITIONS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
SOURCE_ONLY = {"pyscript/web.py", "pyscript/media.py", "pyscript/fs.py"}


def without_docstrings(data, filename):
    """The module's syntax tree with each docstring left out (a class's made " ")."""
    tree = ast.parse(data, filename)
    for node in ast.walk(tree):
        body = node.body if isinstance(node, DEFINITIONS) else None
        if not body or not isinstance(body[0], ast.Expr):
            continue
        value = body[0].value
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        if isinstance(node, ast.ClassDef):
            value.value = " "
        elif len(body) == 1:
            body[0] = ast.copy_location(ast.Pass(), body[0])
        else:
            del body[0]
    return tree


def compile_archive(source, target, prefix, stored=False):
    """Every .py of the archive at source as a .pyc at target; other files as they are;
    each deflated, or with stored=True kept as it is (the engine's archive: the site
    gzips it whole, scripts/build_site.py gzipped_archive)."""
    epoch = (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(source) as given, zipfile.ZipFile(target, "w") as made:
        for info in sorted(given.infolist(), key=lambda entry: entry.filename):
            data, name = given.read(info), info.filename
            if name.endswith(".py") and name not in SOURCE_ONLY:
                filename = f"{prefix}/{name}"
                code = compile(without_docstrings(data, filename), filename, "exec",
                               dont_inherit=True)
                data = bytes(external._code_to_hash_pyc(
                    code, importlib.util.source_hash(data), checked=False))
                name += "c"
            entry = zipfile.ZipInfo(name, epoch)
            entry.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            entry.external_attr = 0o100644 << 16
            made.writestr(entry, data, compresslevel=None if stored else 9)

STDLIB_PREFIX = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
`;

async function main(argv) {
  const root = path.resolve(argv[0] ?? path.dirname(path.dirname(fileURLToPath(import.meta.url))));
  const build = path.join(root, "static", "build");
  const out = path.join(build, "pyc");
  const sources = {};
  for (const name of ARCHIVES) {
    const data = await readFile(path.join(build, name));
    sources[name] = createHash("sha256").update(data).digest("hex");
  }
  sources.recipe = RECIPE;
  const manifestPath = path.join(out, "sources.json");
  try {
    const current = JSON.parse(await readFile(manifestPath, "utf8"));
    if ([...ARCHIVES, "recipe"].every((name) => current[name] === sources[name])) {
      await Promise.all(ARCHIVES.map((name) => readFile(path.join(out, name))));
      process.stdout.write("pyc: up to date\n");
      return 0;
    }
  } catch {
    // no manifest or no archive yet: compile
  }
  const started = Date.now();
  // Pyodide's whole standard library to run the compiler (zipfile needs codecs the trimmed
  // one leaves out); PYTHONNODEBUGRANGES: no column tables in what compile() makes.
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.runPython(COMPILE);
  await mkdir(out, { recursive: true });
  for (const name of ARCHIVES) {
    pyodide.FS.writeFile(`/tmp/${name}`, await readFile(path.join(build, name)));
    const prefix = name === "engine.zip" ? `${HOME}/engine.zip`
      : pyodide.globals.get("STDLIB_PREFIX");
    pyodide.globals.get("compile_archive")(`/tmp/${name}`, `/tmp/pyc-${name}`, prefix,
      name === "engine.zip");
    const made = pyodide.FS.readFile(`/tmp/pyc-${name}`);
    const target = path.join(out, name);
    let old = null;
    try {
      old = await readFile(target);
    } catch {
      // not there yet
    }
    if (!old || Buffer.compare(old, Buffer.from(made)) !== 0) await writeFile(target, made);
    process.stdout.write(`pyc: ${name} ${made.length} bytes\n`);
  }
  await writeFile(manifestPath, JSON.stringify(sources, null, 1) + "\n");
  process.stdout.write(`pyc: compiled in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`pyc: ${error && error.stack ? error.stack : error}\n`);
  process.exitCode = 1;
}

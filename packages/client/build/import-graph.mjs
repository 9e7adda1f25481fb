import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * What a module reaches through its imports, type-only imports included (they decide what the package's
 * declarations need): every file of the repository or package, and every package named from outside.
 * Reads TypeScript sources, emitted JavaScript and declarations alike, following relative imports
 * (`./x.js` is `./x.ts` in the sources, `./x.d.ts` beside declarations).
 */

/** Packages the client must never reach: native modules, the server, the desk, the sandbox, storage. */
export const SERVER_ONLY = ['better-sqlite3', 'fastify', '@fastify/', 'litesvm', 'electron', 'node:sqlite', '@napi-rs/keyring', 'lowdb', 'commander', 'typebox'];

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

export const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
export const isBuiltin = (specifier) => BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]);
export const isServerOnly = (name) => SERVER_ONLY.some((forbidden) => (forbidden.endsWith('/') ? name.startsWith(forbidden) : name === forbidden));

function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) found.push(node.moduleReference.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const reference of source.typeReferenceDirectives) found.push(reference.fileName);
  return found;
}

function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = from.endsWith('.d.ts') ? [base.replace(/\.js$/, '.d.ts'), `${base}.d.ts`] : [base.replace(/\.js$/, '.ts'), base, `${base}.ts`];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${from} imports ${specifier}, which is not there`);
  return found;
}

/** The repository files one file imports or re-exports from (type-only and dynamic imports included). */
export function relativeImportsOf(file) {
  return relativeOf(file, specifiersOf(file));
}

const relativeOf = (file, specifiers) => specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolveRelative(file, specifier));

/** The files and outside packages reachable from `entry`; `via` names, for each package, the first file that imports it. */
export function importGraph(entry) {
  const files = new Set();
  const via = new Map();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop();
    if (files.has(file)) continue;
    files.add(file);
    const specifiers = specifiersOf(file);
    pending.push(...relativeOf(file, specifiers));
    for (const specifier of specifiers) if (!specifier.startsWith('.') && !via.has(packageOf(specifier))) via.set(packageOf(specifier), file);
  }
  return { files: [...files], packages: [...via.keys()].sort(), via };
}

/** What of `graph` is not allowed: a server-only package, or any outside package not in `allowed` (node's builtins always are). */
export function graphProblems(graph, allowed, root = process.cwd()) {
  const problems = [];
  for (const name of graph.packages) {
    if (isServerOnly(name)) problems.push(`${name} (server only) is reached from ${relative(root, graph.via.get(name))}`);
    else if (!isBuiltin(name) && !allowed.includes(name)) problems.push(`${name} is reached from ${relative(root, graph.via.get(name))} but is not one of ${allowed.join(', ')}`);
  }
  return problems;
}

/** Types of ./import-graph.mjs (plain JavaScript, so that the build runs with plain node). */
export declare const SERVER_ONLY: readonly string[];
export declare function packageOf(specifier: string): string;
export declare function isBuiltin(specifier: string): boolean;
export declare function isServerOnly(name: string): boolean;
export interface ImportGraph {
  readonly files: string[];
  readonly packages: string[];
  readonly via: Map<string, string>;
}
export declare function relativeImportsOf(file: string): string[];
export declare function importGraph(entry: string): ImportGraph;
export declare function graphProblems(graph: ImportGraph, allowed: readonly string[], root?: string): string[];

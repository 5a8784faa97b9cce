export function importsOf(source: string): string[];
export function importOffences(files: readonly { path: string; source: string }[]): string[];
export function readSpaSources(srcDir: string): { path: string; source: string }[];

import type { Plugin } from 'vite';

export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; the paths written. */
export declare function precompressDir(dir: string): Promise<string[]>;
/** The Vite plugin: precompresses the build's output directory once the bundle is written. */
export declare function precompress(): Plugin;

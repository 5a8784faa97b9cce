#!/usr/bin/env node
// The installed command: a plain file so that `pnpm install` can link it before the first build; the server
// itself is src/bin.ts, compiled to dist/ by the build (which the root `start` runs first).
import '../dist/bin.js';

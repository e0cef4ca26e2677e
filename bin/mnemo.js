#!/usr/bin/env node
// The package bin: a thin pointer at the prebuilt CLI bundle (built by `npm install`).
import '../plugin/dist/cli.js';

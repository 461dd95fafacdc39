// The framework floor's empty app (bench/stages/framework-floor.mjs), built from a copy in bench/.tmp/framework-floor:
// three folders below the repository's root, whose node_modules holds the Next it is built with.
import { fileURLToPath } from 'node:url';

const config = { turbopack: { root: fileURLToPath(new URL('../../..', import.meta.url)) } };
export default config;

import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; our CSP (no 'unsafe-eval')
// refuses that and logs a violation, so the browser uses the plain parser. Imported first in
// main.tsx, before any schema is built (zod reads the setting when a schema is created).
z.config({ jitless: true });

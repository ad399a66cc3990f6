import { z } from "zod";

// Our Content-Security-Policy refuses eval; zod's optional JIT would probe `new Function` and the
// browser would log a CSP violation. Every schema that runs in the browser imports z from here.
z.config({ jitless: true });

export { z };

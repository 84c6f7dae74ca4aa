// The PDF thread's first module, plain JavaScript: Node does not hand tsx's loader to a worker thread, so the
// thread registers it before it imports its TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-thread-entry.ts');

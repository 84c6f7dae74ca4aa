export { startWorkers, type RunningWorkers, type StartWorkersOptions } from './start.ts';
export { startReactor, type Checkpoints, type ReactorTiming, type RunningReactors } from './reactor/start-reactor.ts';
export type { JobRequest, Reactor } from './reactor/reactor.ts';
export { customerEmailJob, MAIL_QUEUE, SEND_CUSTOMER_EMAIL } from './jobs/customer-emails.ts';
export type { Logger } from './logger.ts';

export { startWorkers, type RunningWorkers, type StartWorkersOptions } from './start.ts';
export { startReactor, type Checkpoints, type ReactorTiming, type RunningReactors } from './reactor/start-reactor.ts';
export type { JobRequest, Reactor } from './reactor/reactor.ts';
export { sendEmailJob, MAIL_QUEUE, SEND_EMAIL, type SendEmailData } from './jobs/send-email.ts';
export type { Logger } from './logger.ts';

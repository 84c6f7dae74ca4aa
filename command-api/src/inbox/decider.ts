import { DomainError } from '@labshop/contracts/domain-error';
import type { SubmissionKind } from '@labshop/contracts/inbox/commands';
import type { ContactMessageSubmitted, InboxEvent, InquirySubmitted } from '@labshop/contracts/inbox/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';

/** One submission's stream (`inquiry-<id>` or `contact-message-<id>`): sent once, answered once. */
export type SubmissionState =
  | { status: 'none' }
  | { status: 'new'; kind: SubmissionKind }
  | { status: 'answered'; kind: SubmissionKind; answeredBy: { id: string; email: string }; answeredAt: string };

export type SubmissionCommand =
  | { type: 'SubmitInquiry'; inquiry: InquirySubmitted['data'] }
  | { type: 'SubmitContactMessage'; message: ContactMessageSubmitted['data'] }
  | {
      type: 'MarkAnswered';
      kind: SubmissionKind;
      submissionId: string;
      admin: { id: string; email: string };
      now: Date;
    };

export const inboxRefusals = {
  notFound: 'This message does not exist',
  alreadyAnswered: (email: string) => `This message was already marked answered by ${email}`,
};

export const submissionDecider: Decider<SubmissionState, SubmissionCommand, InboxEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'InquirySubmitted':
        return { status: 'new', kind: 'inquiry' };
      case 'ContactMessageSubmitted':
        return { status: 'new', kind: 'contact' };
      case 'SubmissionAnswered':
        return state.status === 'none'
          ? state
          : {
              status: 'answered',
              kind: state.kind,
              answeredBy: event.data.answeredBy,
              answeredAt: event.data.answeredAt,
            };
      default:
        return exhaustive(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SubmitInquiry':
        // Ids are fresh uuids, so a second submission on one stream would be a bug, not a visitor's retry.
        if (state.status !== 'none') throw new DomainError('conflict', 'This inquiry was already sent');
        return [{ type: 'InquirySubmitted', data: command.inquiry }];
      case 'SubmitContactMessage':
        if (state.status !== 'none') throw new DomainError('conflict', 'This message was already sent');
        return [{ type: 'ContactMessageSubmitted', data: command.message }];
      case 'MarkAnswered':
        if (state.status === 'none' || state.kind !== command.kind)
          throw new DomainError('not_found', inboxRefusals.notFound);
        if (state.status === 'answered')
          throw new DomainError('conflict', inboxRefusals.alreadyAnswered(state.answeredBy.email));
        return [
          {
            type: 'SubmissionAnswered',
            data: {
              kind: command.kind,
              submissionId: command.submissionId,
              answeredBy: command.admin,
              answeredAt: command.now.toISOString(),
            },
          },
        ];
      default:
        return exhaustive(command);
    }
  },
};

import { DomainError } from '@labshop/contracts/domain-error';
import type { SubmissionKind } from '@labshop/contracts/inbox/commands';
import type { ContactMessageSubmitted, InboxEvent, InquirySubmitted } from '@labshop/contracts/inbox/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { evolveSubmission } from '@labshop/contracts/inbox/fold-submission';
import type { InboxEntry } from '@labshop/contracts/inbox/queries';
import type { Decider } from '@labshop/contracts/decider';

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

/** One submission's stream (`inquiry-<id>` or `contact-message-<id>`), folded as the inbox shows it: sent once, answered once. */
export const submissionDecider: Decider<InboxEntry | null, SubmissionCommand, InboxEvent> = {
  initialState: () => null,
  evolve: evolveSubmission,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitInquiry':
        // Ids are fresh uuids, so a second submission on one stream would be a bug, not a visitor's retry.
        if (state) throw new DomainError('conflict', 'This inquiry was already sent');
        return [{ type: 'InquirySubmitted', data: command.inquiry }];
      case 'SubmitContactMessage':
        if (state) throw new DomainError('conflict', 'This message was already sent');
        return [{ type: 'ContactMessageSubmitted', data: command.message }];
      case 'MarkAnswered':
        if (!state || state.kind !== command.kind) throw new DomainError('not_found', inboxRefusals.notFound);
        if (state.answeredBy) throw new DomainError('conflict', inboxRefusals.alreadyAnswered(state.answeredBy.email));
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

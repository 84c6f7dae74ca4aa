/** A decider (Emmett style): pure decisions from a state folded out of a stream's events. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure: time, ids and prices come in through the command. Throws DomainError to refuse (the APIs' error handler maps it to 400/404/409). */
  decide: (command: Command, state: State) => Event[];
}

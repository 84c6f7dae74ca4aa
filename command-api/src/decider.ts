/** A decider (Emmett style): pure decisions from a state folded out of a stream's events. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure: time, ids and prices come in through the command. Throws ApiError to refuse. */
  decide: (command: Command, state: State) => Event[];
}

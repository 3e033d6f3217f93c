// What the table page gives a game's browser module (games/<package>/web/<id>.js):
// `render(container, view, ctx)` receives a TableCtx. Kept beside the shell that builds
// it (server/static/js/table.js makeCtx, replay.js ctx); `make lint` checks both sides.

/** One legal action of the deciding seat: the engine's JSON and its label in the game's words. */
interface LegalAction {
  action: Record<string, any>;
  label: string;
}

/** A said event of the log: its kind, its sentence, and the template and typed references
 * it was rendered from (seats are named by the client: TableCtx.seatName). */
interface SaidEvent {
  kind: string;
  text: string;
  template?: string;
  args?: Record<string, any>;
}

interface TableCtx {
  /** the seat whose view this is (null: a spectator) */
  seat: number | null;
  /** the seat's legal actions now (empty unless it may act) */
  legal: LegalAction[];
  /** send one action for that seat */
  act(action: Record<string, any>): Promise<unknown>;
  /** labels by action key */
  labels: Record<string, string>;
  /** the stable key of an action (sorted JSON) */
  key(action: Record<string, any>): string;
  /** the label of an action, or null when it is not legal now */
  label(action: Record<string, any>): string | null;
  /** a seat as every screen names it: "Ann (red)", "Hard bot (green)" */
  seatName(seat: number): string;
  /** the player or bot at a seat, or null */
  seatPlayer(seat: number): string | null;
  /** true while an action is on its way */
  busy: boolean;
  /** "open" | "running" | "finished" */
  status?: string;
  mode: "play" | "spectate" | "replay";
  /** real-time games: the game clock in seconds now, or null */
  clock?: () => number | null;
  /** whether that clock is running */
  clockRunning?: () => boolean;
  /** set by a module that re-renders itself */
  rerender?: () => void;
}

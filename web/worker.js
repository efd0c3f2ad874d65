// The page's worker: every call into the library runs here, off the page's
// thread. Messages in: {id, op, args}; out: {id, progress}, {id, result} or
// {id, error}. Cancelling ends this worker (wasm without threads cannot be
// interrupted); the page starts a fresh one.
import init, {
  analyze_heaps, analyze_wythoff, analyze_ends, analyze_hackenbush, analyze_graph_game, SequenceJob,
} from "./pkg/stonegame_web.js";

const ready = init();

function analyze({ game, rules, position, lead, misere }) {
  switch (game) {
    case "nim":
    case "subtraction":
    case "octal":
      return JSON.parse(analyze_heaps(game, rules, position, Boolean(misere)));
    case "wythoff":
      return JSON.parse(analyze_wythoff(position, Boolean(misere)));
    case "ends":
      return JSON.parse(analyze_ends(position, String(lead || 0)));
    case "hackenbush":
      return JSON.parse(analyze_hackenbush(position));
    case "graph":
      return JSON.parse(analyze_graph_game(rules, position));
    default:
      throw new Error(`unknown game ${game}`);
  }
}

// G(0..=upto) in steps of about a 50th of the limit, reporting progress.
function sequence(id, { code, upto, work }) {
  const job = new SequenceJob(code, upto, work || 0);
  try {
    const chunk = Math.max(1000, Math.ceil((upto + 1) / 50));
    while (!job.finished()) {
      const done = job.step(chunk);
      postMessage({ id, progress: (done + 1) / (upto + 1) });
    }
    const values = job.values();
    return { values, rare: job.rare(), summary: JSON.parse(job.summary()) };
  } finally {
    job.free();
  }
}

onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    let result;
    if (op === "analyze") result = analyze(args);
    else if (op === "sequence") result = sequence(id, args);
    else if (op === "ping") result = "pong";
    else throw new Error(`unknown operation ${op}`);
    if (result && result.values) postMessage({ id, result }, [result.values.buffer, result.rare.buffer]);
    else postMessage({ id, result });
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};

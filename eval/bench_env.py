"""Throughput of the Gymnasium environments: patient replies per second, sequential and vectorised.

    python -m eval.bench_env --checkpoint checkpoints/default --envs 32 128

The agent is tod's scripted doctor (its question plan, then a diagnosis and the closing
answers), one per environment, so episodes run to their end and restart. Measured:

* **sequential**: one :class:`tod.env.ConsultationEnv`, ``--steps`` steps (each step one
  patient reply; resets included in the time);
* **vectorised**: :class:`tod.env.VectorConsultationEnv` with N environments, ``--vector-steps``
  batched steps; replies per second counts the patient replies (an autoreset step answers
  nothing), steps per second the batched calls. The default 40 steps take each environment
  through about two whole consultations (a scripted consultation is about 19 turns), so the
  time includes the closing answers, the diagnosis score and the resets, as in a training run;
  a few steps (e.g. 4) measure the interview phase alone, where every reply needs a parse.

Both after one untimed warm-up step (models loaded, caches filled). The environment's
throughput counts the time spent in ``step``/``reset`` only; the agent's time (the scripted
doctor writing its turns) is reported beside it, and the end-to-end rate with it. Wall-clock and
process CPU time are both reported: on a shared, loaded machine replies per CPU second
says what the code costs, replies per second what the machine delivered. The LLM patient's
replies per second come from the speed benchmark's result file (``--speed-result``, SmolLM2
p50 latency), when present. Writes ``env_<checkpoint>.json`` / ``.md`` into ``--output-dir``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from eval import common
from eval.machine import format_machine

#: The throughput the issue asks of the vectorised form (patient replies per second).
TARGET_REPLIES_PER_SECOND = 200


class EnvClock:
    """Wall and CPU seconds spent inside ``with clock:`` blocks (the environment's calls)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget the time counted so far."""
        self.seconds = self.cpu_seconds = 0.0

    def __enter__(self) -> "EnvClock":
        self._started, self._cpu_started = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds += time.perf_counter() - self._started
        self.cpu_seconds += time.process_time() - self._cpu_started

    def rates(self, steps: int, replies: int, seconds: float, cpu: float) -> dict[str, float]:
        """Replies and steps per second of the environment alone (``env_*``) and end to end
        (the agent included; ``seconds`` and ``cpu`` are the whole loop's)."""
        return {"seconds": seconds, "cpu_seconds": cpu, "env_seconds": self.seconds, "env_cpu_seconds": self.cpu_seconds,
                "steps_per_second": steps / self.seconds, "replies_per_second": replies / self.seconds,
                "replies_per_cpu_second": replies / self.cpu_seconds,
                "end_to_end_replies_per_second": replies / seconds}


def run_sequential(records: list, parser: object, steps: int) -> dict[str, float]:
    """``steps`` steps of one environment driven by the scripted doctor."""
    from tod.doctors.base import Message
    from tod.doctors.scripted import ScriptedDoctor
    from tod.env import ConsultationEnv

    env, doctor = ConsultationEnv(records, parser), ScriptedDoctor()
    observation, _ = env.reset(seed=0)
    messages = [Message("patient", observation)]

    clock = EnvClock()

    def step() -> None:
        nonlocal messages
        text = doctor.reply(messages)
        with clock:
            observation, _, terminated, truncated, _ = env.step(text)
            if terminated or truncated:
                observation = None
                opening = env.reset()[0]
        messages = [Message("patient", opening)] if observation is None else \
            messages + [Message("doctor", text), Message("patient", observation)]

    step()  # warm-up
    clock.reset()
    started, cpu_started = time.perf_counter(), time.process_time()
    for _ in range(steps):
        step()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return {"steps": steps, "replies": steps, **clock.rates(steps, steps, seconds, cpu)}


def run_vectorised(records: list, parser: object, num_envs: int, steps: int) -> dict[str, float]:
    """``steps`` batched steps of ``num_envs`` environments, a scripted doctor each."""
    from tod.doctors.base import Message
    from tod.doctors.scripted import ScriptedDoctor
    from tod.env import VectorConsultationEnv

    envs, doctor = VectorConsultationEnv(num_envs, records, parser), ScriptedDoctor()
    observations, _ = envs.reset(seed=0)
    conversations = [[Message("patient", o)] for o in observations]
    ended = [False] * num_envs

    clock = EnvClock()

    def step() -> int:
        actions = [doctor.reply(c) for c in conversations]
        with clock:
            observations, _, terminated, truncated, _ = envs.step(actions)
        replies = 0
        for i, observation in enumerate(observations):
            if ended[i]:  # autoreset: the new opening statement
                conversations[i] = [Message("patient", observation)]
            else:
                conversations[i] += [Message("doctor", actions[i]), Message("patient", observation)]
                replies += 1
            ended[i] = bool(terminated[i] or truncated[i])
        return replies

    step()  # warm-up
    clock.reset()
    started, cpu_started = time.perf_counter(), time.process_time()
    replies = sum(step() for _ in range(steps))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return {"num_envs": num_envs, "steps": steps, "replies": replies, **clock.rates(steps, replies, seconds, cpu)}


def llm_patient(speed_result: Path) -> dict[str, object] | None:
    """The SmolLM2 LLM patient's replies per second from the speed benchmark's JSON."""
    if not speed_result.is_file():
        return None
    baseline = json.loads(speed_result.read_text(encoding="utf-8")).get("llm_baseline") or {}
    p50 = (baseline.get("latency_ms") or {}).get("p50")
    if not p50:
        return None
    return {"model": baseline.get("model"), "p50_ms": p50, "replies_per_second": 1000.0 / p50,
            "source": str(speed_result), "machine": json.loads(speed_result.read_text(encoding="utf-8")).get("machine")}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = common.bench_arguments(__doc__.splitlines()[0])
    parser.add_argument("--records", default=str(common.EMBEDDED_RECORDS), help="records file (default: embedded)")
    parser.add_argument("--steps", type=int, default=200, help="timed steps of the sequential environment")
    parser.add_argument("--envs", type=int, nargs="+", default=[32, 128], help="vectorised sizes")
    parser.add_argument("--vector-steps", type=int, default=40,
                        help="timed batched steps per size (40: about two whole consultations per environment)")
    parser.add_argument("--nlu-dtype", choices=["qint8"], default=None,
                        help="run the NLU in this weight type (default: the checkpoint's float32)")
    parser.add_argument("--speed-result", default="eval/results/speed_default.json",
                        help="the speed benchmark's JSON (LLM patient latency)")
    args = parser.parse_args(argv)
    info, _ = common.begin(args.threads)

    from tod.nlu.parser import load_parser
    from tod.records.io import load_records

    records = load_records(args.records)
    nlu = load_parser(args.checkpoint, dtype=args.nlu_dtype)
    sequential = run_sequential(records, nlu, args.steps)
    vectorised = [run_vectorised(records, nlu, n, args.vector_steps) for n in args.envs]
    llm = llm_patient(Path(args.speed_result))

    def row(name: str, run: dict[str, float], batched: str) -> tuple[object, ...]:
        return (name, run["replies"], f"{run['env_seconds']:.1f}", f"{run['env_cpu_seconds']:.1f}",
                f"{run['replies_per_second']:.1f}", f"{run['replies_per_cpu_second']:.1f}", batched,
                f"{run['end_to_end_replies_per_second']:.1f}")

    rows = [row("sequential (1 env)", sequential, "")]
    rows += [row(f"vectorised ({v['num_envs']} envs)", v, f"{v['steps_per_second']:.2f}") for v in vectorised]
    if llm:
        rows.append((f"LLM patient ({llm['model']}, p50 {llm['p50_ms']:.0f} ms, speed benchmark)", "", "", "",
                     f"{llm['replies_per_second']:.2f}", "", "", ""))
    text = "\n\n".join([
        f"# Environment throughput (checkpoint {Path(args.checkpoint).name}, NLU weights {args.nlu_dtype or 'float32'})",
        common.markdown_table(["run", "patient replies", "env wall s", "env CPU s", "replies / s", "replies / CPU s",
                               "batched steps / s", "with the agent: replies / s"], rows),
        f"Target: >= {TARGET_REPLIES_PER_SECOND} replies / s vectorised. Agent: the scripted doctor; records: "
        f"{args.records} ({len(records)}). Replies per second count the time inside the environment's "
        "step and reset; the last column includes the agent writing its turns.",
        format_machine(info),
    ])
    print(text)
    result = {"benchmark": "env", "checkpoint": args.checkpoint, "machine": info, "settings": vars(args),
              "sequential": sequential, "vectorised": vectorised, "llm_patient": llm,
              "target_replies_per_second": TARGET_REPLIES_PER_SECOND}
    suffix = f"_{args.nlu_dtype}" if args.nlu_dtype else ""
    common.write_outputs(args.output_dir, f"env_{Path(args.checkpoint).name}{suffix}", result, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

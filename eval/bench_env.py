"""Throughput of the Gymnasium environments: patient replies per second, sequential and vectorised.

    python -m eval.bench_env --checkpoint checkpoints/default --envs 32 128

The agent is tod's scripted doctor (its question plan, then a diagnosis and the closing
answers), one per environment, so episodes run to their end and restart. Measured:

* **sequential**: one :class:`tod.env.ConsultationEnv`, ``--steps`` steps (each step one
  patient reply; resets included in the time);
* **vectorised**: :class:`tod.env.VectorConsultationEnv` with N environments, ``--vector-steps``
  batched steps; replies per second counts the patient replies (an autoreset step answers
  nothing), steps per second the batched calls.

Both after one untimed warm-up step (models loaded, caches filled). Wall-clock and
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


def run_sequential(records: list, parser: object, steps: int) -> dict[str, float]:
    """``steps`` steps of one environment driven by the scripted doctor."""
    from tod.doctors.base import Message
    from tod.doctors.scripted import ScriptedDoctor
    from tod.env import ConsultationEnv

    env, doctor = ConsultationEnv(records, parser), ScriptedDoctor()
    observation, _ = env.reset(seed=0)
    messages = [Message("patient", observation)]

    def step() -> None:
        nonlocal messages
        text = doctor.reply(messages)
        observation, _, terminated, truncated, _ = env.step(text)
        messages += [Message("doctor", text), Message("patient", observation)]
        if terminated or truncated:
            messages = [Message("patient", env.reset()[0])]

    step()  # warm-up
    started, cpu_started = time.perf_counter(), time.process_time()
    for _ in range(steps):
        step()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return {"steps": steps, "replies": steps, "seconds": seconds, "cpu_seconds": cpu,
            "replies_per_second": steps / seconds, "replies_per_cpu_second": steps / cpu}


def run_vectorised(records: list, parser: object, num_envs: int, steps: int) -> dict[str, float]:
    """``steps`` batched steps of ``num_envs`` environments, a scripted doctor each."""
    from tod.doctors.base import Message
    from tod.doctors.scripted import ScriptedDoctor
    from tod.env import VectorConsultationEnv

    envs, doctor = VectorConsultationEnv(num_envs, records, parser), ScriptedDoctor()
    observations, _ = envs.reset(seed=0)
    conversations = [[Message("patient", o)] for o in observations]
    ended = [False] * num_envs

    def step() -> int:
        actions = [doctor.reply(c) for c in conversations]
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
    started, cpu_started = time.perf_counter(), time.process_time()
    replies = sum(step() for _ in range(steps))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return {"num_envs": num_envs, "steps": steps, "replies": replies, "seconds": seconds, "cpu_seconds": cpu,
            "steps_per_second": steps / seconds, "replies_per_second": replies / seconds,
            "replies_per_cpu_second": replies / cpu}


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
    parser.add_argument("--vector-steps", type=int, default=10, help="timed batched steps per size")
    parser.add_argument("--speed-result", default="eval/results/speed_default.json",
                        help="the speed benchmark's JSON (LLM patient latency)")
    args = parser.parse_args(argv)
    info, _ = common.begin(args.threads)

    from tod.nlu.parser import load_parser
    from tod.records.io import load_records

    records = load_records(args.records)
    nlu = load_parser(args.checkpoint)
    sequential = run_sequential(records, nlu, args.steps)
    vectorised = [run_vectorised(records, nlu, n, args.vector_steps) for n in args.envs]
    llm = llm_patient(Path(args.speed_result))

    rows = [("sequential (1 env)", sequential["replies"], f"{sequential['seconds']:.1f}", f"{sequential['cpu_seconds']:.1f}",
             f"{sequential['replies_per_second']:.1f}", f"{sequential['replies_per_cpu_second']:.1f}", "")]
    rows += [(f"vectorised ({v['num_envs']} envs)", v["replies"], f"{v['seconds']:.1f}", f"{v['cpu_seconds']:.1f}",
              f"{v['replies_per_second']:.1f}", f"{v['replies_per_cpu_second']:.1f}", f"{v['steps_per_second']:.2f}")
             for v in vectorised]
    if llm:
        rows.append((f"LLM patient ({llm['model']}, p50 {llm['p50_ms']:.0f} ms, speed benchmark)", "", "", "",
                     f"{llm['replies_per_second']:.2f}", "", ""))
    text = "\n\n".join([
        f"# Environment throughput (checkpoint {Path(args.checkpoint).name})",
        common.markdown_table(["run", "patient replies", "wall s", "CPU s", "replies / s", "replies / CPU s",
                               "batched steps / s"], rows),
        f"Target: >= {TARGET_REPLIES_PER_SECOND} replies / s vectorised. Agent: the scripted doctor; records: "
        f"{args.records} ({len(records)}).",
        format_machine(info),
    ])
    print(text)
    result = {"benchmark": "env", "checkpoint": args.checkpoint, "machine": info, "settings": vars(args),
              "sequential": sequential, "vectorised": vectorised, "llm_patient": llm,
              "target_replies_per_second": TARGET_REPLIES_PER_SECOND}
    common.write_outputs(args.output_dir, f"env_{Path(args.checkpoint).name}", result, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

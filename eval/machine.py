"""The machine a benchmark ran on, printed with every benchmark result."""

from __future__ import annotations

import datetime as _dt
import os
import platform
from pathlib import Path

import psutil
import torch


def machine_info() -> dict[str, object]:
    """CPU model, core count, memory, OS, Python and torch versions, threads, date."""
    cpu = platform.processor() or "unknown"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "os": platform.platform(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "gpu": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None,
        "load_average_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def format_machine(info: dict[str, object]) -> str:
    """One Markdown line describing the machine."""
    return (f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory_gb']} GB RAM, {info['os']}, "
            f"Python {info['python']}, torch {info['torch']} ({info['torch_threads']} threads), "
            f"GPU: {info['gpu'] or 'none'}; 1-min load average {info.get('load_average_1m', 'n/a')}; "
            f"measured {info['date']}")

"""Plots for notebooks (Debian's python3-matplotlib): HBM in use over the
schedule, and a step's time by JAX name scope.

    from tpu_compiler import plots
    plots.memory_over_schedule(compiled)
    plots.time_by_name_scope(compiled.time())
"""


def _axes(ax):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt
    return plt.subplots(figsize=(8, 4))[1]


def memory_over_schedule(compiled, ax=None):
    """Live HBM (padded and unpadded) at each op of the schedule, as the
    memory viewer draws it, with the peak marked and the capacity line when
    it is within 3x of the peak. Returns the axes."""
    ax = _axes(ax)
    data = compiled.memory_viewer_data()
    if data is None:
        raise ValueError(f"no memory plan for @{compiled.function}")
    mib = 1024.0 * 1024.0
    padded = [p["padded"] / mib for p in data["timeline"]]
    unpadded = [p["unpadded"] / mib for p in data["timeline"]]
    ax.plot(padded, label="padded", color="tab:red")
    ax.plot(unpadded, label="unpadded", color="tab:blue")
    peak = data["peak_position"]
    if padded:
        ax.axvline(peak, color="gray", linestyle=":",
                   label=f"peak ({data['used_text']} used)")
    capacity = data["capacity"] / mib
    if padded and capacity <= 3 * max(padded):
        ax.axhline(capacity, color="black", linestyle="--",
                   label=f"capacity ({data['capacity_text']})")
    ax.set_xlabel("schedule position (op)")
    ax.set_ylabel("live HBM (MiB)")
    ax.set_title(f"@{compiled.function} on {compiled.target}")
    ax.legend(loc="best")
    return ax


def time_by_name_scope(timing, ax=None, top=10):
    """The step's time by JAX name scope (the `top` largest), as horizontal
    bars in microseconds. Returns the axes."""
    ax = _axes(ax)
    groups = timing.by_name_scope[:top]
    names = [name for name, _ in groups][::-1]
    micros = [seconds * 1e6 for _, seconds in groups][::-1]
    ax.barh(range(len(names)), micros, color="tab:green")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names)
    ax.set_xlabel("time (us)")
    ax.set_title(f"step {timing.step_seconds * 1e6:.1f} us by name scope")
    return ax

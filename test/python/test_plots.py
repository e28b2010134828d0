"""tpu_compiler.plots draws what the reports say (matplotlib, Agg)."""

import matplotlib

matplotlib.use("Agg")

import tpu_compiler as tc
from tpu_compiler import plots


def test_memory_over_schedule_peaks_at_the_reported_peak(mlp_path):
    c = tc.compile(mlp_path, target="v5e")
    ax = plots.memory_over_schedule(c)
    padded = ax.get_lines()[0].get_ydata()
    peak_mib = c.memory_viewer_data()["used"] / (1024 * 1024)
    assert max(padded) == peak_mib
    assert ax.get_title() == "@main on v5e"


def test_time_by_name_scope_has_a_bar_per_scope(mlp_path):
    timing = tc.compile(mlp_path, target="v5e").time()
    ax = plots.time_by_name_scope(timing)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert sorted(labels) == ["dense1", "dense2"]
    widths = sorted(p.get_width() for p in ax.patches)
    assert sum(widths) * 1e-6 == __import__("pytest").approx(
        timing.step_seconds, rel=1e-6)

//===- MemoryViewer.cpp - A memory viewer page and its data ---------------===//

#include "passes/memory/MemoryViewer.h"

#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace tpc {

namespace {

/// A JSON string. `<`, `>` and `&` are escaped too, so that the text can sit
/// inside an HTML <script> element without ending it.
std::string quote(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    default:
      if (c < 0x20 || c == '<' || c == '>' || c == '&') {
        char buffer[8];
        std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
        out += buffer;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

/// `"key":n,"key_text":"1.5K"`.
std::string bytesField(const char *key, int64_t bytes) {
  return absl::StrCat("\"", key, "\":", bytes, ",\"", key,
                      "_text\":", quote(formatBytes(bytes)));
}

std::string allocationJson(const Allocation &a) {
  return absl::StrCat("{", bytesField("size", a.size), ",",
                      bytesField("unpadded", a.unpaddedSize),
                      ",\"padding_text\":", quote(formatPaddingExtra(a)),
                      ",\"operator\":", quote(formatOperator(a)),
                      ",\"shape\":", quote(a.shape),
                      ",\"label\":", quote(formatLabel(a)),
                      ",\"type\":", quote(a.allocationType), "}");
}

/// A JSON array of `items`, one per line, each written by `json`.
template <typename T, typename F>
std::string jsonArray(const std::vector<T> &items, F json) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i)
    absl::StrAppend(&out, i ? ",\n    " : "\n    ", json(items[i]));
  return out + "]";
}

std::string allocationsJson(const std::vector<Allocation> &allocations) {
  return jsonArray(allocations, allocationJson);
}

std::string originsJson(const std::vector<Origin> &origins) {
  return jsonArray(origins, [](const Origin &origin) {
    return absl::StrCat("{\"name\":", quote(origin.name), ",",
                        bytesField("padded", origin.padded), ",",
                        bytesField("unpadded", origin.unpadded), "}");
  });
}

std::string functionJson(const MemoryReport &r) {
  std::string out = absl::StrCat(
      "{\"name\":", quote(r.function),
      ",\"fits\":", r.fits() ? "true" : "false",
      ",\"out_of_memory_line\":", quote(r.fits() ? "" : outOfMemoryLine(r)),
      ",\n  ", bytesField("capacity", r.capacity), ",",
      bytesField("reserved", r.reserved), ",", bytesField("used", r.used()),
      ",", bytesField("program", r.program()), ",",
      bytesField("arguments", r.arguments), ",\n  ",
      bytesField("output_size", r.outputSize), ",",
      bytesField("output_shared_with_arguments", r.outputSharedWithArguments),
      ",\n  ", bytesField("global", r.global), ",", bytesField("temp", r.temp),
      ",", bytesField("temp_padded_at_peak", r.tempPaddedAtPeak), ",",
      bytesField("temp_unpadded_at_peak", r.tempUnpaddedAtPeak), ",",
      bytesField("fragmentation", r.fragmentation()),
      ",\n  \"peak_position\":", r.peakPosition,
      ",\n  \"timeline\":", jsonArray(r.timeline, [](const TimelinePoint &p) {
        return absl::StrCat("{\"op\":", quote(p.op), ",\"op_name\":",
                            quote(p.opName), ",\"padded\":", p.padded,
                            ",\"unpadded\":", p.unpadded, "}");
      }));
  absl::StrAppend(&out, ",\n  \"at_peak\":", allocationsJson(r.atPeak),
                  ",\n  \"largest\":", allocationsJson(r.largest),
                  ",\n  \"by_class\":", originsJson(r.byClass),
                  ",\n  \"by_scope\":", originsJson(r.byScope),
                  ",\n  \"argument_buffers\":", allocationsJson(r.argumentBuffers),
                  ",\n  \"buffers\":", jsonArray(r.buffers, [](const BufferSpan &b) {
                    return absl::StrCat(
                        "{\"name\":", quote(b.name), ",\"shape\":", quote(b.shape),
                        ",\"kind\":", quote(b.kind), ",", bytesField("size", b.size),
                        ",\"unpadded\":", b.unpadded, ",\"offset\":", b.offset,
                        ",\"start\":", b.start, ",\"end\":", b.end, "}");
                  }), "}");
  return out;
}

// The page's style and script. The script reads the embedded JSON and
// draws; errors it meets are recorded on <html data-errors> and a finished
// drawing sets <html data-ready>, which the headless-browser test reads.
constexpr const char *kHead = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>HBM memory viewer</title>
<script>
window.addEventListener('error', function (e) {
  var root = document.documentElement;
  root.dataset.errors = (root.dataset.errors || '') + e.message + ';';
});
</script>
<style>
body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; }
.oom { color: #b00020; font-weight: 600; }
.summary td { padding: 1px 12px 1px 0; }
svg { background: #fafafa; border: 1px solid #ddd; }
.axis text, .mark text { font-size: 11px; fill: #444; }
.padded { fill: none; stroke: #1565c0; stroke-width: 1.5; }
.unpadded { fill: none; stroke: #2e7d32; stroke-width: 1.5; }
.capacity { stroke: #b00020; stroke-dasharray: 6 4; }
.peak { stroke: #ef6c00; stroke-dasharray: 2 3; }
.legend span { display: inline-block; margin-right: 16px; }
.swatch { display: inline-block; width: 14px; height: 3px; vertical-align: middle; margin-right: 4px; }
table.allocations { border-collapse: collapse; margin-top: 8px; }
table.allocations th, table.allocations td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
table.allocations td.label { font-family: monospace; font-size: 12px; max-width: 520px; overflow-wrap: anywhere; }
rect.buffer { stroke: #fff; stroke-width: 0.3; }
rect.buffer:hover { stroke: #000; stroke-width: 1; }
table.origins { border-collapse: collapse; margin-top: 8px; display: inline-table; margin-right: 24px; vertical-align: top; }
table.origins th, table.origins td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; }
table.origins td.num { text-align: right; }
#tooltip { white-space: pre; position: fixed; pointer-events: none; background: #fff; border: 1px solid #999; padding: 4px 6px; font-size: 12px; display: none; }
</style>
</head>
<body>
<h1>HBM memory viewer</h1>
<p id="about"></p>
<div id="functions"></div>
<div id="tooltip"></div>
<script type="application/json" id="memory-data">
)html";

constexpr const char *kScript = R"html(
</script>
<script>
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('memory-data').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var tooltip = document.getElementById('tooltip');

  // XLA's size format, as the report prints it.
  function bytes(n) {
    if (n < 1024) return n + 'B';
    if (n < 1048576) return (n / 1024).toFixed(1) + 'K';
    if (n < 1073741824) return (n / 1048576).toFixed(2) + 'M';
    return (n / 1073741824).toFixed(2) + 'G';
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svgEl(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A chart over program order: n positions across, bytes up to `top`,
  // with its axes; x(i) and y(bytes) place what is drawn on it.
  var W = 960, H = 320, L = 70, R = 20, T = 16, B = 36;
  function frame(n, top, attrs, caption) {
    var f = {x: function (i) { return L + i / Math.max(n, 1) * (W - L - R); },
             y: function (v) { return T + (1 - v / top) * (H - T - B); }};
    attrs.width = W; attrs.height = H; attrs.viewBox = '0 0 ' + W + ' ' + H; attrs.role = 'img';
    f.svg = svgEl('svg', attrs);
    var axis = svgEl('g', {'class': 'axis'});
    for (var k = 0; k <= 4; ++k) {
      var v = top * k / 4;
      axis.appendChild(svgEl('line', {x1: L, x2: W - R, y1: f.y(v), y2: f.y(v), stroke: '#e4e4e4'}));
      axis.appendChild(svgEl('text', {x: L - 6, y: f.y(v) + 4, 'text-anchor': 'end'}, bytes(Math.round(v))));
    }
    axis.appendChild(svgEl('text', {x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle'}, caption));
    f.svg.appendChild(axis);
    return f;
  }

  function chart(fn, toScale) {
    var pts = fn.timeline, n = pts.length;
    var top = 1;
    pts.forEach(function (p) { top = Math.max(top, p.padded); });
    if (toScale) top = Math.max(top, fn.capacity);
    top *= 1.08;
    // Op i runs over [i, i + 1): the live bytes are a step function.
    var f = frame(n, top, {'aria-label': 'live bytes over program order'},
                  'program order (schedule position, ' + n + ' ops)');
    var x = f.x, y = f.y, svg = f.svg;
    function line(key, cls) {
      var d = [];
      pts.forEach(function (p, i) {
        d.push(x(i).toFixed(1) + ',' + y(p[key]).toFixed(1));
        d.push(x(i + 1).toFixed(1) + ',' + y(p[key]).toFixed(1));
      });
      svg.appendChild(svgEl('polyline', {'class': cls, points: d.join(' ')}));
    }
    if (n) { line('unpadded', 'unpadded'); line('padded', 'padded'); }
    var marks = svgEl('g', {'class': 'mark'});
    if (fn.capacity <= top) {
      marks.appendChild(svgEl('line', {'class': 'capacity', x1: L, x2: W - R,
                                       y1: y(fn.capacity), y2: y(fn.capacity)}));
      marks.appendChild(svgEl('text', {x: W - R - 4, y: y(fn.capacity) - 4, 'text-anchor': 'end'},
                              'capacity ' + fn.capacity_text));
    } else {
      marks.appendChild(svgEl('text', {x: W - R - 4, y: T + 10, 'text-anchor': 'end'},
                              'capacity ' + fn.capacity_text + ' (above the chart)'));
    }
    if (n) {
      var p = pts[fn.peak_position], px = x(fn.peak_position + 0.5);
      var left = px > (L + W - R) / 2;
      marks.appendChild(svgEl('line', {'class': 'peak', x1: px, x2: px, y1: T, y2: H - B}));
      marks.appendChild(svgEl('circle', {cx: px, cy: y(p.padded), r: 4, fill: '#ef6c00'}));
      marks.appendChild(svgEl('text', {x: px + (left ? -6 : 6), y: y(p.padded) + 16,
                                       'text-anchor': left ? 'end' : 'start'},
                              'peak ' + bytes(p.padded) + ' at #' + fn.peak_position));
    }
    svg.appendChild(marks);
    svg.addEventListener('mousemove', function (e) {
      if (!n) return;
      var box = svg.getBoundingClientRect();
      var px = (e.clientX - box.left) * W / box.width;
      var i = Math.floor((px - L) / (W - L - R) * n);
      i = Math.max(0, Math.min(n - 1, i));
      tooltip.textContent = liveAt(fn, i);
      tooltip.style.left = (e.clientX + 12) + 'px';
      tooltip.style.top = (e.clientY + 12) + 'px';
      tooltip.style.display = 'block';
    });
    svg.addEventListener('mouseleave', function () { tooltip.style.display = 'none'; });
    return svg;
  }

  // What the tooltips say of schedule position i: the op by its JAX name,
  // the live bytes, and the largest buffers live there.
  function opAt(fn, i) {
    var p = fn.timeline[i];
    return '#' + i + ' ' + (p.op_name ? p.op_name + '  (' + p.op + ')' : p.op);
  }
  function liveAt(fn, i) {
    var p = fn.timeline[i];
    var live = fn.buffers.filter(function (b) { return b.start <= i && i <= b.end; });
    live.sort(function (a, b) { return b.size - a.size || a.start - b.start; });
    var lines = [opAt(fn, i), 'live: ' + bytes(p.padded) + ' padded, ' + bytes(p.unpadded) +
                 ' unpadded (arguments ' + fn.arguments_text + ', constants ' + fn.global_text +
                 ', ' + live.length + ' heap buffers)'];
    live.slice(0, 8).forEach(function (b) {
      lines.push('  ' + b.size_text + '  ' + b.shape + '  ' + b.name);
    });
    if (live.length > 8) lines.push('  ... ' + (live.length - 8) + ' more');
    return lines.join('\n');
  }

  // The heap over the schedule: each buffer a block at its offset for the
  // positions it is live, as XProf's memory viewer draws buffer lifetimes.
  var KIND_COLORS = {'HLO temp': '#90caf9', 'output': '#a5d6a7', 'loop body': '#ffcc80',
                     'branch': '#ffcc80'};
  function lifetimes(fn) {
    var n = fn.timeline.length, top = 1;
    fn.buffers.forEach(function (b) { top = Math.max(top, b.offset + b.size); });
    var f = frame(n, top, {id: 'lifetimes-' + fn.name, 'aria-label': 'heap buffers over program order'},
                  'program order; height: heap offset (' + fn.buffers.length + ' buffers)');
    var x = f.x, y = f.y, svg = f.svg;
    fn.buffers.forEach(function (b, j) {
      var r = svgEl('rect', {'class': 'buffer', 'data-buffer': j, x: x(b.start).toFixed(1),
                             y: y(b.offset + b.size).toFixed(1),
                             width: Math.max(0.5, x(b.end + 1) - x(b.start)).toFixed(1),
                             height: Math.max(0.5, y(b.offset) - y(b.offset + b.size)).toFixed(1),
                             fill: KIND_COLORS[b.kind] || '#ce93d8'});
      r.addEventListener('mousemove', function (e) {
        tooltip.textContent = b.name + '\n' + b.shape + '  ' + b.size_text + ' (' + b.kind +
            ', unpadded ' + bytes(b.unpadded) + ')\nlive ' + opAt(fn, b.start) + '\n  to ' +
            opAt(fn, b.end) + '\nat heap offset ' + bytes(b.offset);
        tooltip.style.left = (e.clientX + 12) + 'px';
        tooltip.style.top = (e.clientY + 12) + 'px';
        tooltip.style.display = 'block';
      });
      r.addEventListener('mouseleave', function () { tooltip.style.display = 'none'; });
      svg.appendChild(r);
    });
    return svg;
  }

  // What is live at the peak by class and by name scope, as the report's
  // "Live at the peak by origin" (their shares of the peak).
  function origins(id, title, list, peak) {
    var t = el('table', {'class': 'origins', id: id});
    var head = el('tr');
    [title, 'padded', 'unpadded', 'share'].forEach(function (h) { head.appendChild(el('th', {}, h)); });
    t.appendChild(head);
    list.forEach(function (o) {
      var row = el('tr');
      row.appendChild(el('td', {}, o.name));
      row.appendChild(el('td', {'class': 'num'}, o.padded_text));
      row.appendChild(el('td', {'class': 'num'}, o.unpadded_text));
      row.appendChild(el('td', {'class': 'num'}, peak ? (100 * o.padded / peak).toFixed(1) + '%' : ''));
      t.appendChild(row);
    });
    return t;
  }

  function argumentsTable(fn) {
    var t = el('table', {'class': 'origins', id: 'arguments-' + fn.name});
    var head = el('tr');
    ['argument', 'shape', 'size', 'unpadded', 'type'].forEach(function (h) {
      head.appendChild(el('th', {}, h));
    });
    t.appendChild(head);
    fn.argument_buffers.forEach(function (a) {
      var row = el('tr');
      [a.operator.replace(/^op_name="(.*)"$/, '$1'), a.shape, a.size_text, a.unpadded_text,
       a.type].forEach(function (c, k) {
        row.appendChild(el('td', k == 2 || k == 3 ? {'class': 'num'} : {}, c));
      });
      t.appendChild(row);
    });
    return t;
  }

  function table(id, allocations) {
    var t = el('table', {'class': 'allocations', id: id});
    var head = el('tr');
    ['#', 'Size', 'Operator', 'Shape', 'Unpadded size', 'Extra memory due to padding',
     'Allocation type', 'XLA label'].forEach(function (h) { head.appendChild(el('th', {}, h)); });
    t.appendChild(head);
    allocations.forEach(function (a, i) {
      var row = el('tr', {'data-rank': i + 1});
      [String(i + 1), a.size_text, a.operator, a.shape, a.unpadded_text, a.padding_text,
       a.type].forEach(function (c) { row.appendChild(el('td', {}, c)); });
      row.appendChild(el('td', {'class': 'label'}, a.label));
      t.appendChild(row);
    });
    return t;
  }

  document.getElementById('about').textContent = 'Target ' + data.target +
      '. Live bytes over the schedule: padded (blue) is what HBM holds, unpadded (green) ' +
      'what the tensors need without tile padding; arguments and constants included.';
  var root = document.getElementById('functions');
  data.functions.forEach(function (fn) {
    var section = el('section', {id: 'function-' + fn.name});
    section.appendChild(el('h2', {}, '@' + fn.name));
    if (!fn.fits) section.appendChild(el('p', {'class': 'oom'}, fn.out_of_memory_line));
    var summary = el('table', {'class': 'summary'});
    [['Used', fn.used_text + ' of ' + fn.capacity_text + ' hbm'],
     ['reserved', fn.reserved_text], ['program', fn.program_text],
     ['arguments', fn.arguments_text], ['global', fn.global_text],
     ['HLO temp', fn.temp_text + ' (padded at peak ' + fn.temp_padded_at_peak_text +
      ', unpadded ' + fn.temp_unpadded_at_peak_text + ', fragmentation ' +
      fn.fragmentation_text + ')']].forEach(function (r) {
      var row = el('tr'); row.appendChild(el('td', {}, r[0])); row.appendChild(el('td', {}, r[1]));
      summary.appendChild(row);
    });
    section.appendChild(summary);
    var peak = fn.timeline.length ? fn.timeline[fn.peak_position].padded : 0;
    var label = el('label');
    var scale = el('input', {type: 'checkbox'});
    scale.checked = fn.capacity <= 3 * peak;
    label.appendChild(scale);
    label.appendChild(document.createTextNode(' capacity to scale'));
    section.appendChild(label);
    var holder = el('div');
    holder.appendChild(chart(fn, scale.checked));
    scale.addEventListener('change', function () {
      holder.replaceChild(chart(fn, scale.checked), holder.firstChild);
    });
    section.appendChild(holder);
    var legend = el('p', {'class': 'legend'});
    [['#1565c0', 'padded'], ['#2e7d32', 'unpadded'], ['#b00020', 'capacity'],
     ['#ef6c00', 'peak']].forEach(function (l) {
      var s = el('span'); s.appendChild(el('span', {'class': 'swatch', style: 'background:' + l[0]}));
      s.appendChild(document.createTextNode(l[1])); legend.appendChild(s);
    });
    section.appendChild(legend);
    section.appendChild(el('h3', {}, 'Heap buffers over the schedule (hover for each one\'s op, ' +
                                      'shape and lifetime)'));
    section.appendChild(lifetimes(fn));
    var peakBytes = fn.timeline.length ? fn.timeline[fn.peak_position].padded : 0;
    if (fn.by_class.length) {
      section.appendChild(el('h3', {}, 'Live at the peak by origin'));
      section.appendChild(origins('by-class-' + fn.name, 'class', fn.by_class, peakBytes));
      section.appendChild(origins('by-scope-' + fn.name, 'name scope', fn.by_scope, peakBytes));
    }
    section.appendChild(el('h3', {}, 'Arguments (live throughout: ' + fn.arguments_text + ')'));
    section.appendChild(argumentsTable(fn));
    section.appendChild(el('h3', {}, 'Allocations live at the peak (' +
                                      (fn.timeline.length ? opAt(fn, fn.peak_position) : '#0') + ')'));
    section.appendChild(table('at-peak-' + fn.name, fn.at_peak));
    section.appendChild(el('h3', {}, 'Largest program allocations in hbm (as in the memory report)'));
    section.appendChild(table('largest-' + fn.name, fn.largest));
    root.appendChild(section);
  });
  document.documentElement.dataset.ready = 'true';
})();
</script>
</body>
</html>
)html";

} // namespace

std::string memoryViewerJson(const std::string &target,
                             const std::vector<MemoryReport> &reports) {
  std::string out = absl::StrCat("{\"version\":1,\"target\":", quote(target),
                                 ",\n\"functions\":[");
  for (size_t i = 0; i < reports.size(); ++i)
    absl::StrAppend(&out, i ? ",\n" : "\n", functionJson(reports[i]));
  return out + "]}\n";
}

std::string memoryViewerHtml(const std::string &target,
                             const std::vector<MemoryReport> &reports) {
  return absl::StrCat(kHead, memoryViewerJson(target, reports), kScript);
}

static absl::Status writeViewerFile(const std::string &path,
                                    const std::string &text) {
  std::FILE *file = std::fopen(path.c_str(), "wb");
  if (!file)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write the memory viewer: '", path,
                     "': ", std::strerror(errno)));
  bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write the memory viewer: '", path, "'"));
  return absl::OkStatus();
}

absl::Status writeMemoryViewers(const MemoryPlan &plan,
                                const std::string &htmlPath,
                                const std::string &jsonPath) {
  if (!htmlPath.empty())
    if (absl::Status s = writeViewerFile(
            htmlPath, memoryViewerHtml(plan.target, plan.functions));
        !s.ok())
      return s;
  if (!jsonPath.empty())
    return writeViewerFile(jsonPath,
                           memoryViewerJson(plan.target, plan.functions));
  return absl::OkStatus();
}

std::string formatFitReports(const MemoryPlan &plan) {
  std::string text;
  for (const MemoryReport &report : plan.functions)
    if (report.fits())
      absl::StrAppend(&text, formatFitReport(report, plan.target, plan.devices),
                      "\n");
  return text;
}

} // namespace tpc

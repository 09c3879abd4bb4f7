package io.ringsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What makes a drawn ring explorable (report.html's and {@code ringsim ring --html}'s): the ring's tokens in order and
 * each range's replicas, precomputed by whoever built the ring, so the page needs no replication strategy of its own.
 * The page computes a typed key's Murmur3 token itself (ring-explorer.js) and looks its range up in {@code tokens}.
 *
 * @param partitioner the partitioner's name; keys are looked up only for Murmur3Partitioner
 * @param placement how replicas are placed, in words (e.g. "SimpleStrategy RF 3")
 * @param tokens every token of the ring, ascending; range i is (tokens[i-1], tokens[i]], range 0 wraps around
 * @param nodes the nodes' names; the replica lists index into it
 * @param replicas per range, the indices (into {@code nodes}) of its replicas, the primary owner first
 */
public record RingExplorer(String partitioner, String placement, List<String> nodes, List<String> tokens,
    List<List<Integer>> replicas) {
  public RingExplorer {
    partitioner = Lists.text(partitioner);
    placement = Lists.text(placement);
    nodes = Lists.copy(nodes);
    tokens = Lists.copy(tokens);
    replicas = replicas == null ? List.of() : replicas.stream().map(List::copyOf).toList();
    if (tokens.size() != replicas.size())
      throw new IllegalArgumentException(tokens.size() + " tokens but " + replicas.size() + " replica lists");
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Highlight colours: the picked node's ranges stand out, every other arc fades. */
  static final String STYLE = "#ring-explorer svg.picked path[data-r]:not(.prim):not(.repl){stroke-opacity:.12}"
      + "#ring-explorer path.repl{stroke-opacity:.45}#ring-explorer path[data-r]{cursor:pointer}"
      + "#ring-explorer path.hit{stroke:#111}#ring-explorer .key-mark{stroke:#111;stroke-width:3}"
      + "#ring-explorer [data-n]{cursor:pointer}#ring-explorer [data-n].sel,#ring-explorer [data-n].hit{font-weight:700;outline:2px solid #111}"
      + ".ring-key{margin:8px 0;font-size:13px}.ring-key input{width:22em;font:inherit}.ring-key output{display:block;"
      + "font-family:ui-monospace,monospace;margin-top:4px;min-height:1.4em}.ring-key output.bad{color:#b3261e}"
      + ".ring-info{font-size:12px;color:#444;min-height:2.8em;max-width:440px;overflow-wrap:anywhere}";

  /**
   * The key box, the line the hovered range is described on, the embedded data and the script: goes inside the
   * element with id {@code ring-explorer} that holds the ring's SVG and the node pickers ({@code data-n} = node index).
   *
   * @param load per node, what it holds in words (may be empty), shown when a range is hovered
   */
  String controls(List<String> pageNodes, List<String> load) {
    return controls(pageNodes, load, Lang.EN.labels());
  }

  /** As {@link #controls(List, List)}, its words in {@code t}'s language. */
  String controls(List<String> pageNodes, List<String> load, Labels t) {
    // the page may list the nodes in another order than the ring does: replicas are numbered as the page's pickers
    Map<String, Integer> at = new LinkedHashMap<>();
    for (int i = 0; i < pageNodes.size(); i++) at.put(pageNodes.get(i), i);
    List<List<Integer>> onPage = new ArrayList<>(replicas.size());
    for (List<Integer> rs : replicas) onPage.add(rs.stream().map(r -> at.get(nodes.get(r))).toList());
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("partitioner", partitioner);
    data.put("placement", placement);
    data.put("nodes", pageNodes);
    data.put("load", load.isEmpty() ? null : load);
    data.put("tokens", tokens);
    data.put("replicas", onPage);
    if (t.lang() != Lang.EN) data.put("words", StepThrough.scriptWords(t, "ring.js."));
    StringBuilder b = new StringBuilder();
    b.append("<div class=\"ring-key\"><label>").append(Html.esc(t.get("ring.key"))).append("<input type=\"text\" spellcheck=\"false\" "
        + "placeholder=\"").append(t.get("ring.key.placeholder")).append("\"></label> <small>").append(Html.esc(t.get("ring.key.types")))
        .append("</small><output></output></div>\n");
    b.append("<p class=\"ring-info\">").append(Html.esc(t.get("ring.info"))).append("</p>\n");
    b.append("<script type=\"application/json\" id=\"ring-data\">").append(json(data)).append("</script>\n");
    b.append("<script>").append(script("ring-explorer.js")).append("</script>\n");
    return b.toString();
  }

  /** JSON for a script element: a '<' is written as its escape so no text from the run can close the element. */
  static String json(Object o) {
    try {
      return JSON.writeValueAsString(o).replace("<", "\\u003c");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the page's data: " + e.getOriginalMessage(), e);
    }
  }

  /** A script shipped with ringsim, to inline in a page (the pages load nothing from anywhere). */
  static String script(String name) {
    try (InputStream in = RingExplorer.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("ringsim is missing its resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether the page's nodes are exactly this ring's, so its pickers and replica lists can refer to each other. */
  boolean covers(List<String> pageNodes) {
    return new java.util.HashSet<>(pageNodes).equals(new java.util.HashSet<>(nodes)) && pageNodes.size() == nodes.size();
  }

  /** Per-range replica lists from an int matrix, for callers that hold them as arrays. */
  public static List<List<Integer>> lists(int[][] replicas) {
    List<List<Integer>> out = new ArrayList<>(replicas.length);
    for (int[] r : replicas) {
      List<Integer> l = new ArrayList<>(r.length);
      for (int i : r) l.add(i);
      out.add(l);
    }
    return out;
  }
}

"""Matchings in general graphs: Edmonds' augmenting paths and the weighted blossom algorithm.

Two tools for the tournament pairings (``docs/tournaments.md``), both pure Python:

* :func:`augment` grows a matching by one augmenting path from a given free vertex (Edmonds' blossom
  search).  The graph is *implicit*: the caller names the vertices and says which pairs are
  compatible.  The Swiss pairing keeps a perfect matching of the players not yet paired and repairs
  it after each score bracket, so that proving "the rest of the round can still be paired" costs a
  few short searches instead of a matching from scratch.  A Swiss field is dense (nearly everyone
  may meet nearly everyone), so the search first looks for a free partner of each vertex it reaches
  and usually ends three steps from where it started.
* :func:`max_weight_matching` is the primal-dual weighted blossom algorithm (Edmonds; Galil's
  description, in the structure of Van Rantwijk's well-known implementation): O(n³), exact on
  integer weights.  The Swiss pairing uses it only on small instances (a score bracket, or a window
  of one), where the criteria are encoded as weights the way bbpPairings does.

Neither knows anything about players: vertices are ints.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Sequence

UNMATCHED = -1
"""The value of ``mate[v]`` for a vertex without a partner."""


def augment(
    mate: list[int],
    root: int,
    vertices: Iterable[int],
    compatible: Callable[[int, int], bool],
    free: Collection[int] = (),
) -> bool:
    """Try to match ``root`` (unmatched) by one augmenting path; True when ``mate`` was changed.

    ``mate`` maps every vertex id to its partner or :data:`UNMATCHED` (a list indexed by id, so ids
    are small ints).  Only ``vertices`` (which must include every matched partner of a vertex in
    ``vertices``) and the edges ``compatible`` allows take part.  ``free`` may list unmatched
    vertices worth trying first: each vertex the search reaches as an outer vertex is compared with
    them before anything else, which in a dense graph finds the path almost at once.  On success
    the path is flipped, so ``root`` and the far end are matched; nothing else changes size.

    This is Edmonds' search with blossoms contracted through a ``base`` map (the classic O(V·E)
    per search formulation), kept to the vertices the tree actually reaches.
    """
    order = vertices if isinstance(vertices, Sequence) else list(vertices)
    parent: dict[int, int] = {}  # inner (odd) vertex -> the outer vertex that reached it
    base: dict[int, int] = {}  # vertex -> base of its blossom; absent: itself
    outer: set[int] = {root}
    tree: list[int] = [root]
    queue: deque[int] = deque([root])
    candidates = [f for f in free if f != root]

    def base_of(x: int) -> int:
        return base.get(x, x)

    def flip(end: int) -> None:
        v = end
        while v != UNMATCHED:
            pv = parent[v]
            ppv = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = ppv

    def free_partner(w: int) -> int:
        for f in candidates:
            if mate[f] == UNMATCHED and f not in parent and compatible(w, f):
                return f
        return UNMATCHED

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen: set[int] = set()
        while True:
            a = base_of(a)
            seen.add(a)
            if mate[a] == UNMATCHED:
                break
            a = parent[mate[a]]
        while True:
            b = base_of(b)
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, common: int, child: int, blossom: set[int]) -> None:
        while base_of(v) != common:
            blossom.add(base_of(v))
            blossom.add(base_of(mate[v]))
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    if candidates:
        end = free_partner(root)
        if end != UNMATCHED:
            parent[end] = root
            flip(end)
            return True
    while queue:
        v = queue.popleft()
        for to in order:
            if to == v or mate[v] == to:
                continue
            bv = base_of(v)
            bt = base_of(to)
            if bv == bt or not compatible(v, to):
                continue
            if to == root or (mate[to] != UNMATCHED and mate[to] in parent):
                # ``to`` is outer too: an odd cycle, contracted into a blossom.
                common = lowest_common_ancestor(v, to)
                blossom: set[int] = set()
                mark_path(v, common, to, blossom)
                mark_path(to, common, v, blossom)
                for x in tree:
                    if base_of(x) in blossom:
                        base[x] = common
                        if x not in outer:
                            outer.add(x)
                            queue.append(x)
                            if candidates:
                                end = free_partner(x)
                                if end != UNMATCHED:
                                    parent[end] = x
                                    flip(end)
                                    return True
            elif to not in parent:
                parent[to] = v
                if mate[to] == UNMATCHED:
                    flip(to)
                    return True
                w = mate[to]
                tree.append(to)
                tree.append(w)
                outer.add(w)
                queue.append(w)
                if candidates:
                    end = free_partner(w)
                    if end != UNMATCHED:
                        parent[end] = w
                        flip(end)
                        return True
    return False


def maximum_matching(
    vertices: Sequence[int],
    compatible: Callable[[int, int], bool],
    size: int | None = None,
) -> list[int]:
    """A maximum-cardinality matching of ``vertices`` as a ``mate`` list indexed by vertex id.

    Starts greedily (each vertex in order takes the first compatible unmatched vertex after it) and
    then tries one augmenting path from every vertex left unmatched.  ``size`` is the length of the
    returned list (default: one more than the largest id).
    """
    length = size if size is not None else (max(vertices, default=-1) + 1)
    mate = [UNMATCHED] * length
    for i, v in enumerate(vertices):
        if mate[v] != UNMATCHED:
            continue
        for u in vertices[i + 1 :]:
            if mate[u] == UNMATCHED and compatible(v, u):
                mate[v] = u
                mate[u] = v
                break
    free = {v for v in vertices if mate[v] == UNMATCHED}
    for v in list(free):
        if mate[v] != UNMATCHED:
            continue
        free.discard(v)
        if augment(mate, v, vertices, compatible, free):
            free = {u for u in free if mate[u] == UNMATCHED}
        # a vertex that cannot be matched now never can be later (Berge): it stays out
    return mate


def max_weight_matching(
    vertex_count: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool = False
) -> list[int]:
    """A matching of maximum total weight: ``mate[v]`` is v's partner or :data:`UNMATCHED`.

    ``edges`` are ``(i, j, weight)`` with ``0 <= i, j < vertex_count``, ``i != j``, each pair at
    most once, integer weights (the algorithm is exact on integers).  With ``max_cardinality`` the
    matching is the heaviest among those of maximum size.  O(n³) time, so meant for instances of
    at most a few hundred vertices.
    """
    return _WeightedMatcher(vertex_count, edges, max_cardinality).solve()


class _WeightedMatcher:
    """State of one run of the weighted blossom algorithm.

    Vocabulary (Galil, "Efficient algorithms for finding maximum matching in graphs", 1986):
    vertices ``0 .. n-1``, blossoms ``n .. 2n-1``; an edge ``k`` has *endpoints* ``2k`` (its first
    vertex) and ``2k + 1`` (its second), and ``p ^ 1`` is the other end of endpoint ``p``.  Labels:
    0 free, 1 outer ("S"), 2 inner ("T").  Vertex duals are stored doubled so that every quantity
    stays an integer.
    """

    def __init__(
        self, vertex_count: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool
    ) -> None:
        self.n = vertex_count
        self.edges = [(i, j, w) for i, j, w in edges if i != j]
        self.max_cardinality = max_cardinality
        n = self.n
        max_weight = max([0] + [w for _, _, w in self.edges])
        self.endpoint = [v for i, j, _ in self.edges for v in (i, j)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(self.edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        self.mate = [UNMATCHED] * n  # remote endpoint of the matched edge, or -1
        self.label = [0] * (2 * n)
        self.labelend = [UNMATCHED] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [UNMATCHED] * (2 * n)
        self.blossomchilds: list[list[int]] = [[] for _ in range(2 * n)]
        self.blossombase = list(range(n)) + [UNMATCHED] * n
        self.blossomendps: list[list[int]] = [[] for _ in range(2 * n)]
        self.bestedge = [UNMATCHED] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [max_weight] * n + [0] * n
        self.allowedge = [False] * len(self.edges)
        self.queue: list[int] = []

    # --- helpers ------------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dualvar[i] + self.dualvar[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        """The vertices inside blossom ``b``, in the order of its sub-blossoms."""
        if b < self.n:
            return [b]
        out: list[int] = []
        for child in self.blossomchilds[b]:
            out.extend(self.leaves(child))
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = UNMATCHED
        if t == 1:
            self.queue.extend(self.leaves(b))
        else:
            base = self.blossombase[b]
            self.assign_label(self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w to find a new blossom's base, or the path's two roots (-1)."""
        path: list[int] = []
        base = UNMATCHED
        while v != UNMATCHED or w != UNMATCHED:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == UNMATCHED:
                v = UNMATCHED
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != UNMATCHED:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb = self.inblossom[base]
        bv = self.inblossom[v]
        bw = self.inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = UNMATCHED
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = self.inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = self.inblossom[w]
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dualvar[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.inblossom[leaf]] == 2:
                self.queue.append(leaf)
            self.inblossom[leaf] = b
        bestedgeto = [UNMATCHED] * (2 * self.n)
        for bv in path:
            nblists: list[list[int]]
            own = self.blossombestedges[bv]
            if own is None:
                nblists = [[p // 2 for p in self.neighbend[leaf]] for leaf in self.leaves(bv)]
            else:
                nblists = [own]
            for nblist in nblists:
                for kk in nblist:
                    i, j, _ = self.edges[kk]
                    if self.inblossom[j] == b:
                        i, j = j, i
                    bj = self.inblossom[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (
                            bestedgeto[bj] == UNMATCHED
                            or self.slack(kk) < self.slack(bestedgeto[bj])
                        )
                    ):
                        bestedgeto[bj] = kk
            self.blossombestedges[bv] = None
            self.bestedge[bv] = UNMATCHED
        best = [kk for kk in bestedgeto if kk != UNMATCHED]
        self.blossombestedges[b] = best
        self.bestedge[b] = UNMATCHED
        for kk in best:
            if self.bestedge[b] == UNMATCHED or self.slack(kk) < self.slack(self.bestedge[b]):
                self.bestedge[b] = kk

    def expand_blossom(self, b: int, endstage: bool) -> None:
        for s in self.blossomchilds[b]:
            self.blossomparent[s] = UNMATCHED
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == 2:
            entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
            childs = self.blossomchilds[b]
            endps = self.blossomendps[b]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = self.labelend[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p // 2] = True
                j += jstep
            bv = childs[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = UNMATCHED
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                found = UNMATCHED
                for leaf in self.leaves(bv):
                    if self.label[leaf] != 0:
                        found = leaf
                        break
                if found != UNMATCHED:
                    self.label[found] = 0
                    self.label[self.endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self.assign_label(found, 2, self.labelend[found])
                j += jstep
        self.label[b] = self.labelend[b] = UNMATCHED
        self.blossomchilds[b] = []
        self.blossomendps[b] = []
        self.blossombase[b] = UNMATCHED
        self.blossombestedges[b] = None
        self.bestedge[b] = UNMATCHED
        self.unusedblossoms.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == UNMATCHED:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    # --- the main loop ------------------------------------------------------------------------

    def solve(self) -> list[int]:
        n = self.n
        if not self.edges:
            return [UNMATCHED] * n
        for _ in range(n):
            self.label = [0] * (2 * n)
            self.bestedge = [UNMATCHED] * (2 * n)
            for b in range(n, 2 * n):
                self.blossombestedges[b] = None
            self.allowedge = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == UNMATCHED and self.label[self.inblossom[v]] == 0:
                    self.assign_label(v, 1, UNMATCHED)
            augmented = False
            while True:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    for p in self.neighbend[v]:
                        k = p // 2
                        w = self.endpoint[p]
                        if self.inblossom[v] == self.inblossom[w]:
                            continue
                        kslack = 0
                        if not self.allowedge[k]:
                            kslack = self.slack(k)
                            if kslack <= 0:
                                self.allowedge[k] = True
                        if self.allowedge[k]:
                            if self.label[self.inblossom[w]] == 0:
                                self.assign_label(w, 2, p ^ 1)
                            elif self.label[self.inblossom[w]] == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                else:
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                            elif self.label[w] == 0:
                                self.label[w] = 2
                                self.labelend[w] = p ^ 1
                        elif self.label[self.inblossom[w]] == 1:
                            b = self.inblossom[v]
                            if self.bestedge[b] == UNMATCHED or kslack < self.slack(
                                self.bestedge[b]
                            ):
                                self.bestedge[b] = k
                        elif self.label[w] == 0:
                            if self.bestedge[w] == UNMATCHED or kslack < self.slack(
                                self.bestedge[w]
                            ):
                                self.bestedge[w] = k
                if augmented:
                    break
                deltatype = -1
                delta = 0
                deltaedge = UNMATCHED
                deltablossom = UNMATCHED
                if not self.max_cardinality:
                    deltatype = 1
                    delta = min(self.dualvar[:n])
                for v in range(n):
                    if self.label[self.inblossom[v]] == 0 and self.bestedge[v] != UNMATCHED:
                        d = self.slack(self.bestedge[v])
                        if deltatype == -1 or d < delta:
                            delta = d
                            deltatype = 2
                            deltaedge = self.bestedge[v]
                for b in range(2 * n):
                    if (
                        self.blossomparent[b] == UNMATCHED
                        and self.label[b] == 1
                        and self.bestedge[b] != UNMATCHED
                    ):
                        kslack = self.slack(self.bestedge[b])
                        d = kslack // 2
                        if deltatype == -1 or d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = self.bestedge[b]
                for b in range(n, 2 * n):
                    if (
                        self.blossombase[b] >= 0
                        and self.blossomparent[b] == UNMATCHED
                        and self.label[b] == 2
                        and (deltatype == -1 or self.dualvar[b] < delta)
                    ):
                        delta = self.dualvar[b]
                        deltatype = 4
                        deltablossom = b
                if deltatype == -1:
                    # Only with max_cardinality: no further progress possible.
                    deltatype = 1
                    delta = max(0, min(self.dualvar[:n]))
                for v in range(n):
                    lab = self.label[self.inblossom[v]]
                    if lab == 1:
                        self.dualvar[v] -= delta
                    elif lab == 2:
                        self.dualvar[v] += delta
                for b in range(n, 2 * n):
                    if self.blossombase[b] >= 0 and self.blossomparent[b] == UNMATCHED:
                        if self.label[b] == 1:
                            self.dualvar[b] += delta
                        elif self.label[b] == 2:
                            self.dualvar[b] -= delta
                if deltatype == 1:
                    break
                if deltatype == 2:
                    self.allowedge[deltaedge] = True
                    i, j, _ = self.edges[deltaedge]
                    if self.label[self.inblossom[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    self.allowedge[deltaedge] = True
                    i, _, _ = self.edges[deltaedge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (
                    self.blossomparent[b] == UNMATCHED
                    and self.blossombase[b] >= 0
                    and self.label[b] == 1
                    and self.dualvar[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p != UNMATCHED else UNMATCHED for p in self.mate]

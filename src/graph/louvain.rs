//! Louvain community detection (Blondel et al. 2008) on an undirected weighted graph:
//! move nodes between communities while modularity grows, fold communities into nodes,
//! repeat. Deterministic: nodes are visited in index order.

/// Community of every node (dense ids from 0) and the partition's modularity.
pub fn louvain(nodes: usize, edges: &[(usize, usize, f64)], resolution: f64) -> (Vec<usize>, f64) {
    let mut membership: Vec<usize> = (0..nodes).collect();
    let mut adjacency = adjacency(nodes, edges);
    let total: f64 = edges.iter().map(|e| e.2).sum();
    if total <= 0.0 {
        return (membership, 0.0);
    }
    for _level in 0..32 {
        let (local, moved) = one_level(&adjacency, total * 2.0, resolution);
        if !moved {
            break;
        }
        let (dense, count) = renumber(&local);
        // Node of this level → its community's dense id (the next level's node).
        let next: Vec<usize> = local.iter().map(|&c| dense[c]).collect();
        for m in &mut membership {
            *m = next[*m];
        }
        adjacency = fold(&adjacency, &next, count);
    }
    let (dense, _) = renumber(&membership);
    let membership: Vec<usize> = membership.iter().map(|&m| dense[m]).collect();
    let q = modularity(nodes, edges, &membership, resolution);
    (membership, q)
}

fn adjacency(nodes: usize, edges: &[(usize, usize, f64)]) -> Vec<Vec<(usize, f64)>> {
    let mut adjacency = vec![Vec::new(); nodes];
    for &(a, b, w) in edges {
        if a == b {
            adjacency[a].push((a, w * 2.0));
        } else {
            adjacency[a].push((b, w));
            adjacency[b].push((a, w));
        }
    }
    adjacency
}

/// Local moving on one level; returns each node's community and whether anything moved.
fn one_level(adjacency: &[Vec<(usize, f64)>], m2: f64, resolution: f64) -> (Vec<usize>, bool) {
    let n = adjacency.len();
    let degree: Vec<f64> = adjacency
        .iter()
        .map(|list| list.iter().map(|e| e.1).sum())
        .collect();
    let mut community: Vec<usize> = (0..n).collect();
    let mut tot: Vec<f64> = degree.clone();
    let mut weight_to: Vec<f64> = vec![0.0; n];
    let mut touched: Vec<usize> = Vec::new();
    let mut moved_any = false;
    for _pass in 0..64 {
        let mut moved = false;
        for node in 0..n {
            let own = community[node];
            for &(other, w) in &adjacency[node] {
                if other == node {
                    continue;
                }
                let c = community[other];
                if weight_to[c] == 0.0 {
                    touched.push(c);
                }
                weight_to[c] += w;
            }
            tot[own] -= degree[node];
            let gain = |c: usize, to: f64| to - resolution * tot[c] * degree[node] / m2;
            let mut best = own;
            let mut best_gain = gain(own, weight_to[own]);
            for &c in &touched {
                let g = gain(c, weight_to[c]);
                if g > best_gain + 1e-12 {
                    best = c;
                    best_gain = g;
                }
            }
            tot[best] += degree[node];
            if best != own {
                community[node] = best;
                moved = true;
                moved_any = true;
            }
            for &c in &touched {
                weight_to[c] = 0.0;
            }
            weight_to[own] = 0.0;
            touched.clear();
        }
        if !moved {
            break;
        }
    }
    (community, moved_any)
}

fn renumber(membership: &[usize]) -> (Vec<usize>, usize) {
    let mut dense = vec![
        usize::MAX;
        membership
            .len()
            .max(membership.iter().copied().max().map_or(0, |m| m + 1))
    ];
    let mut next = 0;
    for &m in membership {
        if dense[m] == usize::MAX {
            dense[m] = next;
            next += 1;
        }
    }
    (dense, next)
}

/// One node per community (`dense[node]`), edge weights summed (internal weight becomes a
/// self-loop).
fn fold(adjacency: &[Vec<(usize, f64)>], dense: &[usize], count: usize) -> Vec<Vec<(usize, f64)>> {
    let mut merged: Vec<std::collections::BTreeMap<usize, f64>> = vec![Default::default(); count];
    for (node, list) in adjacency.iter().enumerate() {
        let c = dense[node];
        for &(other, w) in list {
            *merged[c].entry(dense[other]).or_default() += w;
        }
    }
    merged
        .into_iter()
        .map(|m| m.into_iter().collect())
        .collect()
}

pub fn modularity(
    nodes: usize,
    edges: &[(usize, usize, f64)],
    membership: &[usize],
    resolution: f64,
) -> f64 {
    let m: f64 = edges.iter().map(|e| e.2).sum();
    if m <= 0.0 {
        return 0.0;
    }
    let communities = membership.iter().copied().max().map_or(0, |c| c + 1);
    let mut inside = vec![0.0; communities];
    let mut tot = vec![0.0; communities];
    let mut degree = vec![0.0; nodes];
    for &(a, b, w) in edges {
        degree[a] += w;
        degree[b] += w;
        if membership[a] == membership[b] {
            inside[membership[a]] += w;
        }
    }
    for (node, d) in degree.iter().enumerate() {
        tot[membership[node]] += d;
    }
    (0..communities)
        .map(|c| inside[c] / m - resolution * (tot[c] / (2.0 * m)).powi(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cliques_joined_by_one_edge_split_in_two() {
        let mut edges = Vec::new();
        for group in [0usize, 4] {
            for a in group..group + 4 {
                for b in a + 1..group + 4 {
                    edges.push((a, b, 1.0));
                }
            }
        }
        edges.push((3, 4, 1.0));
        let (membership, q) = louvain(8, &edges, 1.0);
        assert!(membership[..4].iter().all(|&m| m == membership[0]));
        assert!(membership[4..].iter().all(|&m| m == membership[4]));
        assert_ne!(membership[0], membership[4]);
        assert!(q > 0.3, "modularity {q}");
    }

    #[test]
    fn a_ring_of_cliques_folds_over_several_levels() {
        // Eight 5-cliques in a ring: the first level merges inside cliques, later levels
        // must renumber communities correctly (this once indexed past the end).
        let mut edges = Vec::new();
        for c in 0..8usize {
            let base = c * 5;
            for a in base..base + 5 {
                for b in a + 1..base + 5 {
                    edges.push((a, b, 1.0));
                }
            }
            edges.push((base + 4, (base + 5) % 40, 1.0));
        }
        let (membership, q) = louvain(40, &edges, 1.0);
        for c in 0..8 {
            assert!(
                membership[c * 5..c * 5 + 5]
                    .iter()
                    .all(|&m| m == membership[c * 5]),
                "clique {c} split"
            );
        }
        assert!(q > 0.6, "modularity {q}");
        assert!((q - modularity(40, &edges, &membership, 1.0)).abs() < 1e-9);
    }

    #[test]
    fn no_edges_leaves_every_node_alone() {
        let (membership, q) = louvain(3, &[], 1.0);
        assert_eq!(membership, vec![0, 1, 2]);
        assert_eq!(q, 0.0);
    }
}

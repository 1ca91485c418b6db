"""Average node degree of a batch of graphs: bincount counts in int64, and mean() of
integers raises."""
import torch


def node_degrees(edge_index, n):
    return torch.bincount(edge_index[1], minlength=n)


def average_degree(graphs):
    degs = torch.cat([node_degrees(ei, n) for ei, n in graphs])
    return degs.mean()  # expect: TL402


graphs = [(torch.randint(0, 5, (2, 12)), 5), (torch.randint(0, 4, (2, 6)), 4)]
print(average_degree(graphs))

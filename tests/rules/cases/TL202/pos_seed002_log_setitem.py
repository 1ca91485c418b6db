import torch

th = torch
tots = lambda x: x.data  # noqa: E731


def edge_loss(probnb, gtind, gtdf, edge):
    otherSideEdgeLossMap = -th.log(((probnb * gtind).sum(-3) * gtdf).sum(-3) / gtdf.sum(-3))
    otherSideEdgeLossMap[~tots(edge)] = 0  # expect: TL202
    return otherSideEdgeLossMap

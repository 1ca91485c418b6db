import torch

th = torch
tots = lambda x: x.data  # noqa: E731

# The article's loss: prob comes out of the network (it requires grad), edge is a mask.
prob = torch.rand(18, 2, 30, 40, requires_grad=True)
probnb = prob.unsqueeze(0).expand(4, 18, 2, 30, 40)
gtind = torch.rand(1, 2, 30, 40)
gtdf = torch.rand(18, 30, 40)
edge = torch.rand(30, 40) > 0.5

otherSideEdgeLossMap = -th.log(((probnb * gtind).sum(-3) * gtdf).sum(-3) / gtdf.sum(-3))
otherSideEdgeLossMap[~tots(edge)] = 0  # expect: TL202
otherSideEdgeLossMap.sum().backward()

# Ops returning (values, indices) pairs, unpacked: the indices are int64 (a ranking loss
# gathering logits in label order, a pooling layer's indices fed to max_unpool2d, the
# coordinates of a mask). The values of a permuted tensor unpack into its rows.
import torch
import torch.nn.functional as F


def listwise_loss(logits_matrix, labels_matrix):
    sorted_labels, indices = labels_matrix.sort(descending=True, dim=1)
    sorted_logits = torch.gather(logits_matrix, 1, indices)
    return -(sorted_labels.softmax(1) * sorted_logits.log_softmax(1)).sum()


def pool_unpool(img):
    pooled, where = F.max_pool2d(img, 2, return_indices=True)
    return F.max_unpool2d(pooled, where, 2)


def masked_coordinates(scores):
    rows, cols = torch.where(scores > 0)
    return scores[rows, cols].sum() + torch.zeros(4, 5).index_put((rows, cols), scores[rows, cols]).sum()


def first_positive_column(scores):
    cols = torch.where(scores > 0)[1]
    return scores.gather(1, cols[:1].expand(scores.size(0), 1))


def split_heads(qkv):
    q, k, v = qkv.permute(2, 0, 1, 3)
    return (q @ k.transpose(-2, -1)).softmax(-1) @ v


print(listwise_loss(torch.randn(3, 4), torch.randn(3, 4)))
print(pool_unpool(torch.randn(1, 1, 4, 4)).shape)
print(masked_coordinates(torch.randn(4, 5)))
print(first_positive_column(torch.randn(4, 5).abs()))
print(split_heads(torch.randn(2, 5, 3, 8)).shape)

# `F` here is not torch.nn.functional: the file binds it itself, and star-imports a module
# that may bind `nn`; neither gets torch's meaning.
from mylib.layers import *

F = Fancy()


def head(x):
    return nn.softmax(x)


probs = F.softmax(scores)
loss = criterion(probs, labels)
out = head(scores)
loss2 = nn.CrossEntropyLoss()(out, labels)

# Variable volatile
import torch
from torch.autograd import Variable
def predict(model, x):
    inp = Variable(x, volatile=True)  # expect: TL404
    return model(inp)

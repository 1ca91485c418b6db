# The file never binds `torch`: the fix must add the import it spells (once for both fixes).
from torch import ones, zeros

w = ones(3, requires_grad=True)
b = zeros(3, requires_grad=True)
w.add_(1)
b.sub_(1)
print("ok", w, b)

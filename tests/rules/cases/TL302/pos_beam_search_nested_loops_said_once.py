# Greedy decoding in eval mode without no_grad: one finding for the outer loop (its fix
# covers the inner one too), not one per nested loop.
import torch
import torch.nn as nn

emb = nn.Embedding(20, 16)
encoder = nn.GRU(16, 32, batch_first=True)
decoder = nn.GRUCell(16, 32)
proj = nn.Linear(32, 20)
for m in (emb, encoder, decoder, proj):
    m.eval()

outputs = []
for src_ids in [[1, 2, 3], [4, 5]]:
    _, h = encoder(emb(torch.tensor([src_ids])))  # expect: TL302
    hid = h.squeeze(0)
    toks = [0]
    for _ in range(5):
        hid = decoder(emb(torch.tensor([toks[-1]])), hid)
        toks.append(int(proj(hid).argmax(-1)))
    outputs.append(toks)
print(outputs)

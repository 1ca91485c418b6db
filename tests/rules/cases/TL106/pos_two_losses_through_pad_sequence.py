# A length regulator (pad_sequence of repeated states) feeds one loss, a duration head the
# other: two backward calls through the shared encoder.
import torch
import torch.nn as nn

enc = nn.Sequential(nn.Linear(4, 8), nn.Tanh())
dec, dur = nn.Linear(8, 2), nn.Linear(8, 1)
x = torch.randn(3, 5, 4)
h = enc(x)
log_dur = dur(h).squeeze(-1)
expanded = [hi.repeat_interleave(2, dim=0) for hi in h]
mel = dec(nn.utils.rnn.pad_sequence(expanded, batch_first=True))
mel.abs().mean().backward()
(0.1 * log_dur.pow(2).mean()).backward()  # expect: TL106

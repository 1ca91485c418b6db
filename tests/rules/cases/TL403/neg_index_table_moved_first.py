# The lookup table is moved to the ids' device before indexing, as a buffer would be.
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class Prior(nn.Module):
    def __init__(self, counts):
        super().__init__()
        self.log_q = torch.log(counts.float() / counts.sum())
        self.register_buffer("log_p", torch.log(counts.float() / counts.sum()))

    def forward(self, ids):
        return self.log_q.to(ids.device)[ids] + self.log_p[ids]


prior = Prior(torch.randint(1, 9, (20,))).to(device)
ids = torch.randint(0, 20, (5,), device=device)
print(prior(ids))

cpu_table = torch.randn(20)
print(cpu_table[ids.cpu()], cpu_table[torch.randint(0, 20, (5,))])

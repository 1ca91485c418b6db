import torch

x = torch.randn(2, 3, 4, requires_grad=True)
k_nope, k_rope = torch.split(x, [3, 1], dim=-1)
key_states = x.new_empty(2, 3, 6)
key_states[..., :3].copy_(k_nope)
key_states[..., 3:4].copy_(k_rope)
key_states[..., 4:].copy_(k_rope.expand(-1, -1, 2))
key_states.sum().backward()
print(x.grad.shape)

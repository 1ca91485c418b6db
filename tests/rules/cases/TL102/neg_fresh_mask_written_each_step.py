"""A spring chain simulated step by step: a pin mask made and written fresh in every step (blind probe 9)."""
import torch

N_NODES, REST, DT, STEPS = 6, 0.2, 1e-3, 300


def build_chain(device):
    x = torch.stack([torch.arange(N_NODES, dtype=torch.float64, device=device) * REST,
                     torch.zeros(N_NODES, dtype=torch.float64, device=device)], dim=1)
    return x, torch.zeros_like(x)


def step(x, v, k, damping=0.98):
    d = x[1:] - x[:-1]
    length = d.norm(dim=1, keepdim=True)
    f_spring = k[:, None] * (length - REST) * d / length
    idx = torch.arange(N_NODES - 1, device=x.device)
    f = torch.zeros_like(x).index_add(0, idx, f_spring).index_add(0, idx + 1, -f_spring)
    f = f + torch.tensor([0.0, -9.81], dtype=x.dtype, device=x.device)
    pinned = torch.ones(N_NODES, 1, dtype=x.dtype, device=x.device)
    pinned[0] = 0.0
    v = damping * (v + DT * f) * pinned
    return x + DT * v, v


def simulate(k, device):
    x, v = build_chain(device)
    for _ in range(STEPS):
        x, v = step(x, v, k)
    return x


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    with torch.no_grad():
        target = simulate(torch.full((N_NODES - 1,), 800.0, dtype=torch.float64, device=device), device)
    stiffness = torch.full((N_NODES - 1,), 300.0, dtype=torch.float64, device=device, requires_grad=True)
    damping_init = torch.full((N_NODES - 1,), 0.5).double().to(device)
    damping_init.requires_grad_()
    opt = torch.optim.Adam([stiffness], lr=20.0)
    for it in range(30):
        opt.zero_grad()
        loss = ((simulate(stiffness, device) - target) ** 2).sum()
        loss.backward()
        opt.step()
        if it % 10 == 0:
            print(f"it {it}: loss {loss.item():.3e}, k mean {stiffness.mean().item():.1f}, leaf={stiffness.is_leaf}")
    print("unused damping leaf:", damping_init.is_leaf)


if __name__ == "__main__":
    main()

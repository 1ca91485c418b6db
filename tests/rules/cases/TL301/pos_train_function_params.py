# gradients accumulate: forgot zero_grad
import torch
def train(model, loader, epochs=10):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.MSELoss()
    for epoch in range(epochs):
        for x, y in loader:
            pred = model(x)
            loss = loss_fn(pred, y)
            loss.backward()
            opt.step()  # expect: TL301

# A method pasted without its class: the module zeroes its own gradients.
    def fit(self, train_loader, epochs=10, lr=1e-3):
        optimizer = torch.optim.Adam(self.parameters(), lr=lr)
        self.train()
        for epoch in range(epochs):
            for x, y in train_loader:
                self.zero_grad()
                loss = F.cross_entropy(self(x), y)
                loss.backward()
                optimizer.step()
        return self

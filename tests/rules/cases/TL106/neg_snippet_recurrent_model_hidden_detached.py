# The same snippet with the hidden state cut from the previous batch's graph.
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(rnn.parameters(), lr=1e-3)
hidden = rnn.init_hidden(32)
for epoch in range(10):
    for data, targets in train_iter:
        optimizer.zero_grad()
        hidden = tuple(h.detach() for h in hidden)
        output, hidden = rnn(data, hidden)
        loss = criterion(output.view(-1, ntokens), targets.view(-1))
        loss.backward()
        optimizer.step()

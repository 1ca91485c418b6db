# A forum snippet: the language model and its loader are defined elsewhere; the hidden
# state returned by one batch is fed to the next without detach.
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(rnn.parameters(), lr=1e-3)
hidden = rnn.init_hidden(32)
for epoch in range(10):
    for data, targets in train_iter:
        optimizer.zero_grad()
        output, hidden = rnn(data, hidden)
        loss = criterion(output.view(-1, ntokens), targets.view(-1))
        loss.backward()  # expect: TL106
        optimizer.step()

    def __init__(self, vocab, dim=64, classes=3, p=0.3):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.fc = nn.Linear(dim, classes)
        self.p = p

    def forward(self, tokens, offsets):
        h = self.embed(tokens, offsets)
        h = F.dropout(h, p=self.p)  # expect: TL305
        return self.fc(h)

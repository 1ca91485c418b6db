    def forward(self, tokens, offsets):
        h = self.embed(tokens, offsets)
        h = F.dropout(h, p=self.p, training=self.training)
        return self.fc(h)

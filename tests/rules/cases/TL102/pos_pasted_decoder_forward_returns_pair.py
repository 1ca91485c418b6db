    def forward(self, step, last_hidden, enc_out, src_mask):
        emb = self.embedding(step)
        out, hidden = self.gru(emb, last_hidden)
        scores = torch.sum(out * enc_out, dim=2).t()
        attn = F.softmax(scores, dim=1)
        attn[src_mask == 0] = 0.0  # expect: TL102
        context = attn.unsqueeze(1).bmm(enc_out.transpose(0, 1))
        return F.log_softmax(self.out(context.squeeze(1)), dim=1), hidden
